import type { Meta, StoryObj } from '@storybook/react-vite';
import { CompanyForm } from '../web/pages/settings/CompanyForm';
import { PasswordForm } from '../web/pages/settings/PasswordForm';
import { ProfileForm } from '../web/pages/settings/ProfileForm';
import { maxWidth } from './decorators';

const wait = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
const fail = async () => {
  await wait();
  throw new Error('Error communicating with the server');
};

const meta = {
  title: 'Settings/Sections',
  parameters: { layout: 'padded' },
  decorators: [maxWidth(880)],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const PersonalInfo: Story = {
  render: () => (
    <ProfileForm
      initial={{ name: 'Ada Lovelace', company: 'Analytical Ltd', phone: '+447700900123' }}
      email="ada@example.com"
      onSave={wait}
    />
  ),
};

export const PersonalInfoSaveFails: Story = {
  render: () => <ProfileForm initial={{ name: 'Ada', company: '', phone: '' }} email="ada@example.com" onSave={fail} />,
};

export const Password: Story = { render: () => <PasswordForm isGoogle={false} onSave={wait} /> };

export const PasswordForGoogleUsers: Story = { render: () => <PasswordForm isGoogle onSave={wait} /> };

export const CompanyInfo: Story = {
  render: () => (
    <CompanyForm
      initial={{
        vatNumber: 'GB123456789',
        country: 'GB',
        state: '',
        city: 'London',
        street: '12 Baker St',
        postcode: '',
      }}
      onSave={wait}
    />
  ),
};
