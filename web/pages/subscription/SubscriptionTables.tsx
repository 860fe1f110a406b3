import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Table, type Column } from '../../components/Table';
import { planOfEntry, statusView, trialRemainingText, type Entry } from './entries';
import { dollars } from './packages';
import { changeTargets } from './PlanChangeModal';

export type RowAction =
  'update' | 'plan' | 'history' | 'cancel' | 'restart' | 'undoCancel' | 'trialChange' | 'trialUnsubscribe';

export interface SubscriptionTablesProps {
  brand: string;
  active: readonly Entry[];
  cancelled: readonly Entry[];
  onAction: (action: RowAction, sub: Entry) => void;
}

function Limit({ e }: { e: Entry }) {
  const d = e.data;
  return (
    <>
      {d.quantity}
      {d.pending_update && d.new_quantity !== null && (
        <div className="w-subs__pending">
          Scheduled: {d.quantity} → {d.new_quantity} on {d.next_bill_date ?? 'the next bill date'}
          {d.phone_ids.length > 0 && <> · phones {d.phone_ids.map((id) => `#${id}`).join(', ')} will be disabled</>}
        </div>
      )}
    </>
  );
}

function Status({ e }: { e: Entry }) {
  const s = statusView(e);
  return (
    <>
      <Chip tone={s.tone} dot>
        {s.text}
      </Chip>
      {e.data.trialType && <div className="w-muted">{trialRemainingText(e.data.trial_ends)}</div>}
      {e.data.cancel_at && <div className="w-muted">Ends on {e.data.cancel_at}</div>}
    </>
  );
}

function Actions({ brand, e, onAction }: { brand: string; e: Entry; onAction: SubscriptionTablesProps['onAction'] }) {
  const d = e.data;
  const off = d.nobuttons;
  const name = e.name;
  const act = (a: RowAction, label: string, variant: 'secondary' | 'ghost' | 'danger' = 'secondary') => (
    <Button
      key={a}
      size="sm"
      variant={variant}
      disabled={off}
      onClick={() => onAction(a, e)}
      aria-label={`${label}: ${name}`}
    >
      {label}
    </Button>
  );
  if (d.trialType)
    return (
      <div className="w-subs__actions">
        {[act('trialChange', 'Change trial'), act('trialUnsubscribe', 'Unsubscribe', 'danger')]}
      </div>
    );
  const plan = planOfEntry(brand, e);
  // Change plan only where a plan with the same grants is offered (issue 21: the server refuses any other).
  const changeable =
    plan && plan.grants.phone > 0 && !plan.addon && plan.name !== 'CUSTOM' && changeTargets(brand, e).length > 0;
  // Set to end at the period end: it keeps what was paid and can only be kept (the cancel undone).
  if (d.cancel_at)
    return (
      <div className="w-subs__actions">
        {[act('undoCancel', 'Undo cancel'), act('history', 'Payment history', 'ghost')]}
      </div>
    );
  return (
    <div className="w-subs__actions">
      {d.status === 'paused' ? act('restart', 'Restart') : act('update', 'Update')}
      {changeable && d.status !== 'paused' && act('plan', 'Change plan')}
      {act('history', 'Payment history', 'ghost')}
      {act('cancel', 'Cancel', 'danger')}
    </div>
  );
}

/** The active subscriptions and the cancelled ones (1-console §2). */
export function SubscriptionTables({ brand, active, cancelled, onAction }: SubscriptionTablesProps) {
  const name: Column<Entry> = { key: 'name', header: 'Subscription', cell: (e) => e.name, wrap: true };
  const columns: Column<Entry>[] = [
    name,
    { key: 'limit', header: 'Limit', cell: (e) => <Limit e={e} />, wrap: true },
    { key: 'status', header: 'Status', cell: (e) => <Status e={e} /> },
    { key: 'bill', header: 'Next Bill Date', cell: (e) => e.data.next_bill_date ?? '—' },
    {
      key: 'amount',
      header: 'Next Payment Amount',
      align: 'end',
      cell: (e) => (e.data.next_payment_amount === null ? '—' : dollars(e.data.next_payment_amount)),
    },
    { key: 'actions', header: 'Actions', cell: (e) => <Actions brand={brand} e={e} onAction={onAction} /> },
  ];
  const ended: Column<Entry>[] = [
    name,
    { key: 'limit', header: 'Limit', cell: (e) => e.data.quantity },
    { key: 'status', header: 'Status', cell: (e) => <Status e={e} /> },
    { key: 'since', header: 'Started', cell: (e) => e.created_at.slice(0, 10) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (e) =>
        e.data.trialType ? (
          '—'
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onAction('history', e)}
            aria-label={`Payment history: ${e.name}`}
          >
            Payment history
          </Button>
        ),
    },
  ];
  return (
    <>
      <section className="w-card w-subs" aria-labelledby="w-subs-active">
        <h2 className="w-card__title" id="w-subs-active">
          Active subscriptions
        </h2>
        <Table
          caption="Active subscriptions"
          columns={columns}
          rows={active}
          rowKey={(e) => e.data.subscription_id}
          empty="You have no active subscription yet. Choose a package above."
          stack
        />
      </section>
      {cancelled.length > 0 && (
        <section className="w-card w-subs" aria-labelledby="w-subs-cancelled">
          <h2 className="w-card__title" id="w-subs-cancelled">
            Cancelled subscriptions
          </h2>
          <Table
            caption="Cancelled subscriptions"
            columns={ended}
            rows={cancelled}
            rowKey={(e) => e.data.subscription_id}
            stack
            empty=""
          />
        </section>
      )}
    </>
  );
}
