import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AuthLayout } from '../web/components/AuthLayout';
import { MSG } from '../web/lib/messages';
import { RegisterForm } from '../web/pages/auth/RegisterForm';

const meta = {
  title: 'Auth/RegisterForm',
  component: RegisterForm,
  args: { onSubmit: fn(), googleEnabled: true },
  decorators: [
    (Story) => (
      <AuthLayout
        brandName="Wapi"
        title="Create your account"
        subtitle="Send and receive WhatsApp messages from your own code."
      >
        <Story />
      </AuthLayout>
    ),
  ],
} satisfies Meta<typeof RegisterForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const GoogleNotConfigured: Story = { args: { googleEnabled: false } };
export const MailAlreadyUsed: Story = { args: { error: MSG.mailUsed } };
export const Failed: Story = { args: { error: MSG.registerStoredError } };
