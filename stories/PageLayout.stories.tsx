import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PageLayout } from '../web/components/PageLayout';
import { AreaPlaceholder } from '../web/pages/AreaPage';

const meta = {
  title: 'Layout/PageLayout',
  component: PageLayout,
  args: {
    title: 'Developers',
    email: 'demo@wapi.dev',
    sidebar: { pathname: '/developers', brandName: 'Wapi', agentLimit: true, instagramLimit: false, onLogout: fn() },
    children: <AreaPlaceholder title="Developers" />,
  },
} satisfies Meta<typeof PageLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** At a phone's width the sidebar hides behind the menu button. */
export const Mobile: Story = { globals: { viewport: { value: 'mobile1' } } };
