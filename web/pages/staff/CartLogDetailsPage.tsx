import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { money } from '../../../src/shared/format';
import { CART_MSG, CART_TEMPLATES, cartTemplateLabel, type CartTemplate } from '../../../src/shared/cart-recovery';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Modal } from '../../components/Modal';
import { SaveButton } from '../../components/SaveButton';
import { SelectField } from '../../components/SelectField';
import { Table, type Column } from '../../components/Table';
import { useAction } from '../../lib/use-action';
import {
  $cartDetail,
  $cartDetailError,
  loadCartDetail,
  saveCartNote,
  sendCartMail,
  type CartDetail,
} from '../../stores/staff-cart';
import { cartExtraFields } from './cart-extra';
import { CartSteps } from './CartSteps';
import { STATUS_TONE } from './CartLogsPage';
import { staffDate } from './staff-format';
import './cart.css';

type Sent = CartDetail['history'][number];
const HISTORY: readonly Column<Sent>[] = [
  { key: 'date', header: 'Date', cell: (h) => staffDate(h.date) },
  { key: 'template', header: 'Template', cell: (h) => `${h.template} (${h.template_label})` },
  { key: 'event', header: 'Event', cell: (h) => h.event },
  {
    key: 'status',
    header: 'Status',
    cell: (h) => `${h.status}${h.staff_email ? ` · ${h.staff_email}` : ' · automatic'}`,
  },
];
const TEMPLATE_OPTIONS = CART_TEMPLATES.map((t) => ({ value: t, text: `${t} (${cartTemplateLabel(t)})` }));

/** The 'New Email' dialog: a template, preselected from the last action (4-admin §4), sent at once. */
function NewEmail({ detail, onClose }: { detail: CartDetail; onClose: () => void }) {
  const [template, setTemplate] = useState<string>(
    detail.user.last_action === 'paddle-payment-declined' ? 'payment-declined' : 'checkout-abandoned',
  );
  const send = useAction(
    () => sendCartMail(detail.user.uid, detail.user.email, template as CartTemplate, detail.user.last_action),
    { label: 'Send', errorText: () => CART_MSG.sendFailed },
  );
  const submit = async () => {
    if (await send.run()) onClose();
  };
  return (
    <Modal
      open
      title="New Email"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={send.busy} disabled={!template}>
            Send
          </Button>
        </>
      }
    >
      <SelectField
        label="Template"
        value={template}
        onChange={setTemplate}
        options={TEMPLATE_OPTIONS}
        placeholder="Choose a template"
        error={template ? undefined : CART_MSG.chooseTemplate}
      />
      <p>To: {detail.user.email}</p>
      {send.error && <Alert tone="error">{send.error}</Alert>}
    </Modal>
  );
}

/** The notes field of a user (4-admin §2); saved on demand and recorded by the server. */
function Notes({ uid, initial }: { uid: number; initial: string }) {
  const [note, setNote] = useState(initial);
  const save = useAction(() => saveCartNote(uid, note), { errorText: () => CART_MSG.noteFailed });
  return (
    <form onSubmit={(e) => (e.preventDefault(), void save.run())} className="cart__actions">
      <label htmlFor="cart-note" className="w-sr-only">
        Notes
      </label>
      <textarea
        id="cart-note"
        className="cart__note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={5000}
      />
      <SaveButton action={save} />
      {save.error && <Alert tone="error">{save.error}</Alert>}
    </form>
  );
}

/** `/yta/cartlogdetails?uid=`: one user's cart, the six-step plan, the e-mail history, a manual send and notes. */
export default function CartLogDetailsPage() {
  const uid = Number(new URLSearchParams(useSearch()).get('uid'));
  const detail = useStore($cartDetail);
  const error = useStore($cartDetailError);
  const [dialog, setDialog] = useState(false);
  const valid = Number.isInteger(uid) && uid > 0;
  useEffect(() => void (valid && loadCartDetail(uid)), [uid, valid]);
  if (!valid) return <Alert tone="error">{CART_MSG.userNotFound}</Alert>;
  if (error)
    return (
      <Alert tone="error">
        {error.status === 404 ? `${CART_MSG.userNotFound} · ${CART_MSG.userNotFoundTr}` : error.text}
      </Alert>
    );
  if (!detail || detail.user.uid !== uid) return null;
  const u = detail.user;
  const extra = cartExtraFields(u.extra, u.email);
  const info: [string, ReactNode][] = [
    ['Email', u.email],
    [
      'Extra',
      extra.length ? (
        <dl className="cart__extra">
          {extra.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        '—'
      ),
    ],
    ['Plan', u.plan_name ?? '—'],
    ['Price', money(u.price, u.currency)],
    ['Risk', u.risk_level ?? 'unclear'],
    ['Last activity', staffDate(u.last_activity) || '—'],
    ['Last action', u.last_action ?? '—'],
  ];
  return (
    <>
      <Card title={`Cart of user ${u.uid}`} className="cart__card">
        <dl className="cart__info">
          {info.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        {u.status && <Badge tone={STATUS_TONE[u.status] ?? 'neutral'}>{u.status}</Badge>}{' '}
        {u.unsubscribed && <Badge tone="warning">unsubscribed</Badge>}
      </Card>
      <div className="cart__cols">
        <Card title="Recovery plan" className="cart__card">
          <CartSteps steps={detail.steps} />
        </Card>
        <Card title="Notes" className="cart__card">
          <Notes key={u.uid} uid={u.uid} initial={u.note} />
        </Card>
      </div>
      <Card title="E-mail history" className="cart__card">
        <div className="cart__actions">
          <Button onClick={() => setDialog(true)} disabled={u.unsubscribed}>
            New Email
          </Button>
        </div>
        <Table
          caption="E-mail history"
          columns={HISTORY}
          rows={detail.history}
          rowKey={(h) => h.id}
          empty={CART_MSG.noEmailYet}
        />
      </Card>
      {dialog && <NewEmail detail={detail} onClose={() => setDialog(false)} />}
    </>
  );
}
