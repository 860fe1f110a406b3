import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AuthLayout } from '../web/components/AuthLayout';
import { MSG } from '../web/lib/messages';
import { LoginForm } from '../web/pages/auth/LoginForm';

const meta = {
  title: 'Auth/LoginForm',
  component: LoginForm,
  args: { onSubmit: fn(), googleEnabled: false },
  decorators: [
    (Story) => (
      <AuthLayout brandName="Wapi" title="Welcome back" subtitle="Log in to your phones, messages and live chat.">
        <Story />
      </AuthLayout>
    ),
  ],
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const GoogleEnabled: Story = { args: { googleEnabled: true } };
export const Failed: Story = { args: { error: MSG.loginFailed } };
export const Submitting: Story = { args: { loading: true } };
export const AfterPasswordReset: Story = { args: { notice: MSG.passwordChanged } };
