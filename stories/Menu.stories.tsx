import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Menu } from '../web/components/Menu';

const meta = {
  title: 'Primitives/Menu',
  component: Menu,
  parameters: { layout: 'centered' },
  args: {
    label: 'More actions',
    items: [
      { label: 'Refresh', icon: 'refresh', onSelect: fn() },
      { label: 'Redeploy', icon: 'redeploy', onSelect: fn() },
      { label: 'Factory Reset', icon: 'alert', onSelect: fn(), tone: 'danger' },
      { label: 'Browser Stuck', icon: 'monitor', onSelect: fn(), disabled: true },
      { label: 'Logout', icon: 'logout', onSelect: fn(), tone: 'danger' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 280, paddingTop: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An icon button; arrows move between items, Escape returns to the button. */
export const IconTrigger: Story = {};
export const TextTrigger: Story = { args: { text: 'Actions', align: 'start' } };
