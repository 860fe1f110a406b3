import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { newRun } from '../web/lib/multi-check';
import { maskSecret } from '../web/components/CopyField';
import { curlSnippet, TOOLS_MSG } from '../web/lib/phone-tools';
import { MultiProgress } from '../web/pages/tools/MultiProgress';
import { SingleCheck } from '../web/pages/tools/SingleCheckPage';
import { SpeedSettings } from '../web/pages/tools/SpeedSettings';
import { WarmingCard } from '../web/pages/tools/WarmingPage';
import { WarmingRemoveModal } from '../web/pages/tools/WarmingRemoveModal';
import type { WarmingRecord } from '../web/stores/tools';
import { PHONES } from './phone-fixtures';
import '../web/pages/tools/phone-tools.css';
import { maxWidth } from './decorators';

const meta = {
  title: 'Tools/Phone tools',
  parameters: { layout: 'padded' },
  decorators: [maxWidth(760)],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const RECORD: WarmingRecord = {
  id: 1,
  mainID: 12,
  status: 'active',
  number: '905301234567',
  name: 'Support',
  sandbox: false,
  phone_status: 'active',
  days_in_pool: 3,
  daily_cap: 20,
  sent_today: 7,
  sent_total: 52,
  last_error: null,
};
const risk = (f: 1 | 2 | 3) => ({
  riskFactor: f,
  label: '',
  life_time: 3,
  riskFactorLifeTime: f,
  riskFactorContacts: 3 as const,
  riskFactorResponse: f,
});

/** Warming cards in every risk; click a card for its risk details. */
export const WarmingCards: Story = {
  render: () => (
    <div className="w-pt-cards">
      <WarmingCard record={RECORD} risk={risk(3)} onRemove={() => {}} />
      <WarmingCard record={{ ...RECORD, id: 2, mainID: 13, sandbox: true }} risk={risk(2)} onRemove={() => {}} />
      <WarmingCard record={{ ...RECORD, id: 3, mainID: 14, status: 'disabled' }} risk={risk(1)} onRemove={() => {}} />
      <WarmingCard record={{ ...RECORD, id: 4, mainID: 15, number: null }} risk={null} onRemove={() => {}} />
      <WarmingCard
        record={{ ...RECORD, id: 5, mainID: 16 }}
        risk={{
          ...risk(1),
          riskFactorBudgets: 1,
          protection: { enabled: true, new_chats: { used: 20, limit: 20 }, unanswered: { used: 48, limit: 300 } },
        }}
        onRemove={() => {}}
      />
    </div>
  ),
};

const active = PHONES.filter((p) => p.status === 'active');
export const ProfilePictureFound: Story = {
  render: () => (
    <SingleCheck
      mode="picture"
      phones={active}
      initial={{
        tone: 'success',
        text: TOOLS_MSG.pictureFound,
        url: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 1 1%22%3E%3Crect width=%221%22 height=%221%22 fill=%22%2325d366%22/%3E%3C/svg%3E',
      }}
    />
  ),
};
export const ProfilePictureMissing: Story = {
  render: () => <SingleCheck mode="picture" phones={active} initial={{ tone: 'warning', text: TOOLS_MSG.noPicture }} />,
};
export const ProfilePictureInstanceError: Story = {
  render: () => (
    <SingleCheck mode="picture" phones={active} initial={{ tone: 'error', text: TOOLS_MSG.instanceStatus }} />
  ),
};
export const NumberOnWhatsApp: Story = {
  render: () => (
    <SingleCheck
      mode="number"
      phones={active}
      initial={{
        tone: 'success',
        text: TOOLS_MSG.usingWhatsApp('905301234567'),
        curl: curlSnippet('https://wapi.example', 'pid', '12', 'token', '905301234567'),
        curlShown: curlSnippet('https://wapi.example', 'pid', '12', maskSecret('token'), '905301234567'),
      }}
    />
  ),
};
export const NumberNotOnWhatsApp: Story = {
  render: () => (
    <SingleCheck
      mode="number"
      phones={active}
      initial={{ tone: 'warning', text: TOOLS_MSG.notUsingWhatsApp('905301234560') }}
    />
  ),
};
export const NumberEmpty: Story = { render: () => <SingleCheck mode="number" phones={active} /> };

/** The multi checker's speed settings: values are clamped when a field is left. */
export const MultiSpeedSettings: Story = {
  render: function Render() {
    const [batch, setBatch] = useState(250);
    const [interval, setInterval] = useState(20);
    return <SpeedSettings count={1000} batch={batch} interval={interval} onBatch={setBatch} onInterval={setInterval} />;
  },
};

const numbers = Array.from({ length: 40 }, (_, i) => `90530123${String(4500 + i)}`);
const halfway = {
  ...newRun({ phoneId: '12', fileName: 'customers.xlsx', batchSize: 10, intervalMin: 20 }, numbers),
  marks: '1121111211111212111',
  valid: 14,
  invalid: 5,
};
export const MultiWaitingForNextBatch: Story = {
  render: () => (
    <MultiProgress
      run={{ ...halfway, marks: `${halfway.marks}1`, valid: 15, waitUntil: Date.now() + 12 * 60_000 }}
      onAgain={() => {}}
    />
  ),
};
export const MultiChecking: Story = { render: () => <MultiProgress run={halfway} onAgain={() => {}} /> };
export const MultiDone: Story = {
  render: () => (
    <MultiProgress
      run={{ ...halfway, marks: '1'.repeat(30) + '2'.repeat(10), valid: 30, invalid: 10 }}
      onAgain={() => {}}
    />
  ),
};
/** No active phone: the reason and a link to Manage Phones instead of an empty picker. */
export const NumberNoActivePhone: Story = { render: () => <SingleCheck mode="number" phones={[]} /> };

/** The confirmation before a phone leaves the warming pool. */
export const WarmingRemoveConfirmation: Story = {
  render: () => (
    <WarmingRemoveModal record={RECORD} onClose={() => {}} onConfirm={() => new Promise((r) => setTimeout(r, 800))} />
  ),
};
