import type { Meta, StoryObj } from '@storybook/react-vite';
import { SupportBubble } from '../web/components/SupportBubble';

const meta = {
  title: 'Layout/SupportBubble',
  component: SupportBubble,
  args: { supportEmail: 'support@wapi.dev' },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SupportBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
