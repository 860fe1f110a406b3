import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import type { Phone } from '../web/lib/phones';
import { AddCloudPhone } from '../web/pages/phones/AddCloudPhone';
import { AddPhoneButton } from '../web/pages/phones/AddPhoneButton';
import { PhoneDetail } from '../web/pages/phones/PhoneDetail';
import { PhoneList } from '../web/pages/phones/PhoneList';
import { Notices } from '../web/pages/phones/Notices';
import { PartnerMode } from '../web/pages/phones/PartnerMode';
import { checklistItems, ProfileChecklist } from '../web/pages/phones/ProfileChecklist';
import type { Progress, QrState } from '../web/stores/phone-watch';
import type { DetailView } from '../web/stores/phones-page';
import { ACTIVE_SCREEN, MANY_PHONES, phone, PHONES, PRODUCT, QR_SCREEN, USER } from './phone-fixtures';
import '../web/pages/phones/phones.css';

const meta = { title: 'Phones/Page parts', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const done = async () => new Promise<void>((r) => setTimeout(r, 500));

function ListDemo({ phones, bulk = false, partner = false }: { phones: Phone[]; bulk?: boolean; partner?: boolean }) {
  const [selected, setSelected] = useState<number | null>(phones[0]?.id ?? null);
  return (
    <div className="w-card w-phones__side" style={{ maxWidth: 360 }}>
      <div className="w-phones__side-head">
        <h2 className="w-card__title">Your phones</h2>
        <AddPhoneButton current={3} total={5} adding={false} onAdd={fn()} />
      </div>
      <PhoneList
        phones={phones}
        queues={{ 102: 12 }}
        selectedId={selected}
        onSelect={setSelected}
        partner={partner}
        bulk={bulk}
        onBulkRedeploy={done}
        onDisable={fn()}
        onEnable={fn()}
        onCopyUrl={fn()}
      />
    </div>
  );
}

/** Statuses, a queue flag, a sandbox and a disabled phone. */
export const List: Story = { render: () => <ListDemo phones={PHONES} /> };
/** Above 9 phones the search box appears; the list scrolls at 500 px. */
export const ListWithSearch: Story = { render: () => <ListDemo phones={MANY_PHONES} /> };
/** isRocket accounts: Select, All and Redeploy. */
export const ListWithBulkControls: Story = { render: () => <ListDemo phones={PHONES} bulk /> };
/** Partners: a copy-URL button per row, no Disable or Enable. */
export const ListForPartners: Story = { render: () => <ListDemo phones={PHONES} partner /> };
export const EmptyList: Story = { render: () => <ListDemo phones={[]} /> };

interface DetailDemoProps {
  phone: Phone;
  view: DetailView;
  qr?: QrState;
  progress?: Progress;
  pairingCode?: string;
  partner?: boolean;
}

function DetailDemo(p: DetailDemoProps) {
  const [view, setView] = useState(p.view);
  return (
    <div style={{ maxWidth: 820 }}>
      <PhoneDetail
        phone={p.phone}
        status={p.phone.status}
        queue={p.phone.queue}
        view={view}
        onViewChange={setView}
        screenSrc={view === 'qr' && p.phone.status !== 'active' ? QR_SCREEN : ACTIVE_SCREEN}
        onScreenLoad={fn()}
        onScreenRefresh={fn()}
        progress={p.progress ?? { visible: false, percent: 0, label: '' }}
        qr={p.qr ?? { kind: 'idle' }}
        onQrRefresh={fn()}
        onQrRetry={fn()}
        pairingCode={p.pairingCode}
        onCopyUrl={fn()}
        onRefresh={fn()}
        onAction={fn()}
        mode={p.partner ? <PartnerMode mode={p.phone.mod} onChange={done} /> : undefined}
      />
    </div>
  );
}

export const DetailActive: Story = { render: () => <DetailDemo phone={PHONES[0]!} view="screen" /> };
export const DetailQrReady: Story = {
  render: () => (
    <DetailDemo phone={phone({ id: 103, status: 'qr-screen' })} view="qr" qr={{ kind: 'ready', data: '2@abc' }} />
  ),
};
export const DetailQrWaiting: Story = {
  render: () => (
    <DetailDemo
      phone={phone({ id: 107, status: 'creating...' })}
      view="qr"
      qr={{ kind: 'waiting' }}
      progress={{ visible: true, percent: 50, label: 'instance creating' }}
    />
  ),
};
export const DetailQrNotReady: Story = {
  render: () => <DetailDemo phone={phone({ id: 108, status: 'loading' })} view="qr" qr={{ kind: 'failed' }} />,
};
/** The QR timed out: the panel offers a redeploy. */
/** An official number (engine cloud): no QR code or screen. */
export const DetailOfficialNumber: Story = {
  render: () => (
    <DetailDemo
      phone={phone({ id: 120, status: 'active', engine: 'cloud', name: 'Acme Shoes', number: '15550102030' })}
      view="screen"
    />
  ),
};
/** "Official number (Cloud API)": its button and form (open it to see the three fields). */
export const AddOfficialNumber: Story = { render: () => <AddCloudPhone /> };
export const DetailQrIdle: Story = {
  render: () => <DetailDemo phone={phone({ id: 110, status: 'idle' })} view="qr" />,
};
export const DetailPairing: Story = {
  render: () => <DetailDemo phone={phone({ id: 109, status: 'PAIRING' })} view="qr" pairingCode="K7PQ2XWM" />,
};
export const DetailPartnerMode: Story = { render: () => <DetailDemo phone={PHONES[1]!} view="screen" partner /> };

const STEPS = [
  { key: 'profile', done: true },
  { key: 'subscribe', done: false },
  { key: 'phone', done: true },
  { key: 'pair', done: true },
] as const;

export const Checklist: Story = {
  render: () => <ProfileChecklist items={checklistItems([...STEPS, { key: 'agent', done: false }])} percent={60} />,
};
export const ChecklistApiPackage: Story = {
  render: () => (
    <ProfileChecklist
      items={checklistItems([...STEPS.map((s) => ({ ...s, done: true })), { key: 'webhook', done: true }])}
      percent={100}
    />
  ),
};

export const AddingAndRegionalNotices: Story = {
  render: () => <Notices adding region="south-asia" supportEmail="support@wapi.dev" />,
};
export const SouthAmericaNotice: Story = {
  render: () => <Notices adding={false} region="south-america" supportEmail="support@wapi.dev" />,
};
