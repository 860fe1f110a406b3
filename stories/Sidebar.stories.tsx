import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Sidebar } from '../web/components/Sidebar';

const meta = {
  title: 'Layout/Sidebar',
  component: Sidebar,
  args: {
    pathname: '/developers/token',
    brandName: 'Wapi',
    agentLimit: false,
    instagramLimit: false,
    open: true,
    onClose: fn(),
    onLogout: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', minHeight: '100vh' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The API layout: phones, developers, integrations, tools, subscription, settings. */
export const ApiLayout: Story = {};

/** With an agent limit the live-chat section appears; Instagram only with an instagram limit. */
export const AgentLimitLayout: Story = { args: { pathname: '/agents', agentLimit: true, instagramLimit: true } };

export const AgentLimitWithoutInstagram: Story = { args: { pathname: '/chat', agentLimit: true } };

/** With the simulated WhatsApp network on, the Simulator page is listed. */
export const WithSimulator: Story = { args: { pathname: '/simulator', simulator: true } };
