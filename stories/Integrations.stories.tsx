import type { Meta, StoryObj } from '@storybook/react-vite';
import { AddContactForm } from '../web/pages/integrations/ContactsPage';
import { DialogflowStatus } from '../web/pages/integrations/DialogflowPage';
import { GoogleAccount } from '../web/pages/integrations/GoogleAccount';
import { SheetFormat } from '../web/pages/integrations/SheetFormat';
import { SheetResults } from '../web/pages/integrations/SheetResults';
import '../web/pages/tools/phone-tools.css';
import { maxWidth } from './decorators';

const meta = {
  title: 'Integrations',
  parameters: { layout: 'padded' },
  decorators: [maxWidth(960)],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const none = () => undefined;
const wait = () => new Promise<void>((r) => setTimeout(r, 500));

export const GoogleNotConfigured: Story = {
  render: () => (
    <GoogleAccount
      status={null}
      error="Google integrations are not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set)."
      onAuthorise={none}
      onUnlink={none}
    />
  ),
};
export const GoogleToAuthorise: Story = {
  render: () => (
    <GoogleAccount
      status={{ success: true, linked: false, authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' }}
      error=""
      onAuthorise={none}
      onUnlink={none}
    />
  ),
};
export const GoogleLinked: Story = {
  render: () => (
    <GoogleAccount
      status={{ success: true, linked: true, email: 'owner@example.com', name: 'Shop Owner', displayNames: [] }}
      error=""
      onAuthorise={none}
      onUnlink={none}
    />
  ),
};

export const AddContact: Story = { render: () => <AddContactForm onAdd={wait} /> };

export const Format: Story = { render: () => <SheetFormat /> };

export const RunQueued: Story = {
  render: () => (
    <SheetResults
      onDownload={none}
      run={{
        success: true,
        message: 'Process Successful',
        queued: 3,
        failed: 0,
        invalid: 0,
        written_back: true,
        results: [
          {
            row: 2,
            type: 'text',
            to_number: '905301234561',
            status: 'queued',
            message_id: '0193a1b2-0000-7000-8000-000000000001',
          },
          {
            row: 3,
            type: 'media',
            to_number: '905301234562',
            status: 'queued',
            message_id: '0193a1b2-0000-7000-8000-000000000002',
          },
          {
            row: 4,
            type: 'poll',
            to_number: '905301234563',
            status: 'queued',
            message_id: '0193a1b2-0000-7000-8000-000000000003',
          },
        ],
      }}
    />
  ),
};

export const RunWithInvalidRows: Story = {
  render: () => (
    <SheetResults
      onDownload={none}
      run={{
        success: false,
        message: 'An error occurred during the process.',
        queued: 0,
        failed: 0,
        invalid: 1,
        written_back: false,
        results: [
          { row: 2, type: 'text', to_number: '905301234561', status: 'not sent' },
          {
            row: 3,
            type: 'poll',
            to_number: '905301234562',
            status: 'invalid',
            error: 'A poll needs at least two options in columns D to F.',
          },
        ],
      }}
    />
  ),
};

export const DialogflowLinked: Story = {
  render: () => (
    <DialogflowStatus
      integration={{
        id: 1,
        phone_id: 12,
        project_id: 'shop-agent-1234',
        languageCode: 'en',
        file_name: 'shop-agent-1234.json',
        client_email: 'bot@shop-agent-1234.iam.gserviceaccount.com',
        data: { file_name: 'shop-agent-1234.json' },
        last_error: 'Dialogflow detectIntent failed: The service is currently unavailable.',
        last_error_at: Date.UTC(2026, 10, 24, 6, 0),
        last_answer_at: Date.UTC(2026, 10, 24, 5, 58),
        pending: 1,
        updated_at: Date.UTC(2026, 10, 24, 5, 0),
      }}
    />
  ),
};
