import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AuthLayout } from '../web/components/AuthLayout';
import { ResetPasswordForm } from '../web/pages/auth/ResetPasswordForm';

const meta = {
  title: 'Auth/ResetPasswordForm',
  component: ResetPasswordForm,
  args: { onSubmit: fn() },
  decorators: [
    (Story) => (
      <AuthLayout brandName="Wapi" title="Choose a new password">
        <Story />
      </AuthLayout>
    ),
  ],
} satisfies Meta<typeof ResetPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const ExpiredLink: Story = {
  args: { error: 'This password reset link has expired. Please request a new one.' },
};
