import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { CampaignChart } from '../web/pages/campaigns/CampaignChart';
import { CampaignForm } from '../web/pages/campaigns/CampaignForm';
import { CampaignList } from '../web/pages/campaigns/CampaignList';
import { CampaignView, type CampaignAction } from '../web/pages/campaigns/CampaignView';
import { RecipientPreview } from '../web/pages/campaigns/RecipientPreview';
import { RecipientsTable } from '../web/pages/campaigns/RecipientsTable';
import type { Campaign } from '../web/lib/campaigns';
import {
  CAMPAIGN_PHONES,
  CAMPAIGNS,
  FILE_PREVIEW,
  HELD,
  PAUSED,
  READINGS,
  RECIPIENTS,
  RUNNING,
} from './campaign-fixtures';
import { maxWidth } from './decorators';

const meta: Meta = { title: 'Pages/Campaigns' };
export default meta;
type Story = StoryObj;

const wait = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
const NAMES = { 101: 'Support line', 102: 'Sales' };

/** /campaigns with a running, a scheduled, a completed and a cancelled campaign. */
export const List: Story = {
  render: () => <CampaignList campaigns={CAMPAIGNS} error="" phones={NAMES} onRetry={() => {}} />,
};

/** No campaign yet: the invitation to create one. */
export const ListEmpty: Story = {
  render: () => <CampaignList campaigns={[]} error="" phones={NAMES} onRetry={() => {}} />,
};

/** The list could not be loaded. */
export const ListError: Story = {
  render: () => <CampaignList campaigns={null} error="502 Bad Gateway" phones={NAMES} onRetry={() => {}} />,
};

/** The list on a 360 px phone: rows stacked. */
export const ListNarrow: Story = {
  decorators: [maxWidth(360)],
  render: () => <CampaignList campaigns={CAMPAIGNS} error="" phones={NAMES} onRetry={() => {}} />,
};

function Recipients() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  return (
    <RecipientsTable
      rows={status ? RECIPIENTS.filter((r) => r.status === status) : RECIPIENTS}
      status={status}
      onStatus={setStatus}
      page={page}
      hasNext={page < 3}
      onPage={(s) => setPage(page + s)}
      error=""
      onDownload={() => {}}
    />
  );
}

function Campaign({ campaign }: { campaign: Campaign }) {
  const [c, setC] = useState(campaign);
  const [busy, setBusy] = useState<CampaignAction | null>(null);
  const act = (a: CampaignAction) => {
    setBusy(a);
    void wait().then(() => {
      setBusy(null);
      setC({ ...c, status: a === 'pause' ? 'paused' : a === 'resume' ? 'running' : 'cancelled' });
    });
  };
  return <CampaignView campaign={c} readings={READINGS} busy={busy} onAction={act} recipients={<Recipients />} />;
}

/** A running campaign: live counts, the chart, pause and cancel, the recipients. */
export const Running: Story = { render: () => <Campaign campaign={RUNNING} /> };
/** Paused: resume or cancel. */
export const Paused: Story = { render: () => <Campaign campaign={PAUSED} /> };
/** A WhatsApp Web number's campaign held by its budget, finishing tomorrow. */
export const Held: Story = { render: () => <Campaign campaign={HELD} /> };
/** Completed. */
export const Completed: Story = { render: () => <Campaign campaign={CAMPAIGNS[2]!} /> };
/** A campaign's page at 360 px. */
export const RunningNarrow: Story = { decorators: [maxWidth(360)], render: () => <Campaign campaign={RUNNING} /> };

/** The chart alone, from five minutes of readings. */
export const Chart: Story = { render: () => <CampaignChart readings={READINGS} /> };

/** The recipients table alone (the status filter works on the fixture). */
export const RecipientsList: Story = { render: () => <Recipients /> };

const loaders = {
  readFile: () => wait().then(() => FILE_PREVIEW),
  loadPrevious: () =>
    wait().then(() =>
      RECIPIENTS.map((r) => ({ number: r.number, variables: (r.variables ?? {}) as Record<string, string> })),
    ),
};

/** The create flow, empty. */
export const Create: Story = {
  render: () => <CampaignForm phones={CAMPAIGN_PHONES} campaigns={CAMPAIGNS} onSubmit={wait} {...loaders} />,
};

/** The create flow filled in with a pasted list, one recipient missing {{name}}. */
export const CreateFilled: Story = {
  render: () => (
    <CampaignForm
      phones={CAMPAIGN_PHONES}
      campaigns={CAMPAIGNS}
      onSubmit={wait}
      {...loaders}
      initial={{
        name: 'Black Friday',
        pasted: 'phone,name\n905301234567,Ayşe\n905301234568,\n905301234569,Can',
        text: 'Hello {{name}}, 30% off everything today only.',
        phoneIds: [101],
      }}
    />
  ),
};

/** The create flow at 360 px. */
export const CreateNarrow: Story = { decorators: [maxWidth(360)], render: CreateFilled.render! };

/** The preview alone: step through the recipients, a missing variable flagged. */
export const Preview: Story = {
  render: () => (
    <RecipientPreview
      message={{ type: 'text', message: 'Hello {{name}}, your code is {{code}}.' }}
      audience={[
        { number: '905301234567', variables: { name: 'Ayşe', code: 'BF30' } },
        { number: '905301234568', variables: { name: 'Mehmet' } },
      ]}
    />
  ),
};
