import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Badge, type Tone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { IconButton } from '../../components/IconButton';
import { Loader } from '../../components/Loader';
import { Tooltip } from '../../components/Tooltip';
import { TOOLS_MSG } from '../../lib/phone-tools';
import { riskLabel } from '../../../src/shared/risk';
import { BudgetBars } from '../../components/BudgetBars';
import {
  $risks,
  $toolPhones,
  $warming,
  $warmingError,
  addWarming,
  loadToolPhones,
  loadWarming,
  removeWarming,
  systemActive,
  toggleWarming,
  type Risk,
  type WarmingRecord,
} from '../../stores/tools';
import { showToast } from '../../stores/toasts';
import { ToolPhonePicker } from './ToolPhonePicker';
import { WarmingRemoveModal } from './WarmingRemoveModal';
import './phone-tools.css';

const RISK_TONE: Record<number, Tone> = { 1: 'danger', 2: 'warning', 3: 'success' };
const TIPS = {
  life: 'How long the number has been active on WhatsApp. Young numbers are blocked more easily.',
  contacts: 'How many of the people it writes to have it saved as a contact.',
  response: 'How many of the people it writes to answer.',
};

function RiskDetails({ risk }: { risk: Risk | null | undefined }) {
  if (risk === undefined) return <Loader label="Loading risk…" />;
  if (risk === null) return <p className="w-muted">{riskLabel(null)}</p>;
  const row = (name: string, tip: string, value: string) => (
    <>
      <dt>
        <Tooltip text={tip}>
          <span tabIndex={0}>{name}</span>
        </Tooltip>
      </dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <section aria-label="Risk Details">
      <h4 className="w-pt-defs__title">Risk Details</h4>
      <dl className="w-pt-defs">
        {row('Lifetime', TIPS.life, countOf(risk.life_time, 'day'))}
        {row('Contact Risk', TIPS.contacts, riskLabel(risk.riskFactorContacts))}
        {row('Response Risk', TIPS.response, riskLabel(risk.riskFactorResponse))}
      </dl>
      {risk.protection && (
        <BudgetBars
          heading="h5"
          risk={risk}
          budgets={{
            ...risk.protection,
            ...(risk.protection.enabled && risk.riskFactor === 1 ? { new_chat_pace: 2 } : {}),
          }}
        />
      )}
    </section>
  );
}

/** A phone of the pool: id, number, SANDBOX or LIVE, its risk and status; a click shows the risk details. */
export function WarmingCard({
  record,
  risk,
  onRemove,
}: {
  record: WarmingRecord;
  risk: Risk | null | undefined;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <article className="w-pt-card">
      <div className="w-pt-card__head">
        <button type="button" className="w-pt-card__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          <strong>#{record.mainID}</strong>
          <span className="w-mono">{record.number ? `+${record.number}` : '–'}</span>
        </button>
        <IconButton icon="trash" label={`Remove phone ${record.mainID}`} onClick={onRemove} />
      </div>
      <div className="w-pt-row">
        <Badge tone={record.sandbox ? 'warning' : 'info'}>{record.sandbox ? 'SANDBOX' : 'LIVE'}</Badge>
        <Badge tone={RISK_TONE[risk?.riskFactor ?? 0] ?? 'neutral'}>Risk Factor: {riskLabel(risk?.riskFactor)}</Badge>
        <span className="w-muted">Status: {record.status}</span>
      </div>
      <span className="w-muted">
        Today {record.sent_today} / {countOf(record.daily_cap, 'message')} · {countOf(record.days_in_pool, 'day')} in
        pool
      </span>
      {open && <RiskDetails risk={risk} />}
    </article>
  );
}

/** /tools/warmingup: the warming pool and its system switch. */
export default function WarmingPage() {
  const list = useStore($warming);
  const error = useStore($warmingError);
  const phones = useStore($toolPhones);
  const risks = useStore($risks);
  const [phoneId, setPhoneId] = useState('');
  const [busy, setBusy] = useState(false);
  // The phone whose removal waits for the confirmation.
  const [removing, setRemoving] = useState<WarmingRecord | null>(null);
  useEffect(() => {
    void loadWarming();
    void loadToolPhones(TOOLS_MSG.initialFailed);
  }, []);
  const active = systemActive(list);
  const act = async (work: () => Promise<void>, done?: string, after?: () => void) => {
    setBusy(true);
    try {
      await work();
      if (done) showToast(done, 'success');
      after?.();
    } catch (e) {
      showToast(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    phoneId
      ? act(
          () => addWarming(phoneId),
          TOOLS_MSG.phoneAdded,
          () => setTimeout(() => void loadWarming(), 1_000),
        )
      : showToast(TOOLS_MSG.selectPhone, 'error');

  return (
    <div className="w-pt">
      <div className="w-pt-banner" role="status">
        <span>
          System status: <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>
        </span>
        <Button
          variant={active ? 'secondary' : 'primary'}
          loading={busy}
          disabled={!list?.length}
          onClick={() =>
            void act(
              () => toggleWarming(active),
              undefined,
              () => void loadWarming(),
            )
          }
        >
          {active ? 'Stop System' : 'Start System'}
        </Button>
      </div>
      <Card
        title="Automatic warm-up module"
        description="Phones in the pool talk to each other at a human pace; each phone's daily messages rise with its days in the pool."
      >
        <div className="w-pt-row w-pt-row--form">
          <ToolPhonePicker
            phones={phones}
            value={phoneId}
            onChange={setPhoneId}
            placeholder="Select a phone"
            optionText={(p) => `${p.id}${p.data?.sandbox ? ' (Sandbox)' : ''}`}
          />
          {/* With no phone to add, the picker's notice says why and where to link one. */}
          {phones?.length !== 0 && (
            <Button onClick={() => void add()} loading={busy}>
              Add Phone
            </Button>
          )}
        </div>
      </Card>
      {error && <Alert tone="error">{error}</Alert>}
      {list === null ? (
        <Loader label={TOOLS_MSG.warmingLoading} />
      ) : list.length === 0 ? (
        <p className="w-muted w-pt-empty">{TOOLS_MSG.warmingEmpty}</p>
      ) : (
        <div className="w-pt-cards">
          {list.map((r) => (
            <WarmingCard key={r.id} record={r} risk={risks[r.mainID]} onRemove={() => setRemoving(r)} />
          ))}
        </div>
      )}
      {removing && (
        <WarmingRemoveModal
          record={removing}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await removeWarming(removing.id);
            showToast(TOOLS_MSG.phoneRemoved, 'success');
            void loadWarming();
          }}
        />
      )}
    </div>
  );
}
