import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AuthLayout } from '../web/components/AuthLayout';
import { MSG } from '../web/lib/messages';
import { CheckYourMail } from '../web/pages/auth/CheckYourMailPage';
import { ForgotForm } from '../web/pages/auth/ForgotForm';

const meta = {
  title: 'Auth/ForgotForm',
  component: ForgotForm,
  args: { onSubmit: fn() },
  decorators: [
    (Story) => (
      <AuthLayout
        brandName="Wapi"
        title="Forgot your password?"
        subtitle="Enter your work email and we will send you a link to choose a new password."
      >
        <Story />
      </AuthLayout>
    ),
  ],
} satisfies Meta<typeof ForgotForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Failed: Story = { args: { error: MSG.genericError } };

/** The notice after a successful request, with the development mailbox link. */
export const CheckYourMailNotice: Story = {
  render: () => <CheckYourMail mail="demo@wapi.dev" mailbox />,
};
