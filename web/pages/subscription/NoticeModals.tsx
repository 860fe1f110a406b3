import { Link } from 'wouter';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { TRIAL_DAYS } from '../../../src/shared/billing/plans';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useAction } from '../../lib/use-action';
import { changeTrial } from '../../stores/billing';
import type { DialogHost } from './dialogs';
import { trialTarget, type Entry } from './entries';
import type { PackageOffer } from './packages';

const Close = ({ host, label = 'Close' }: { host: DialogHost; label?: string }) => (
  <Button variant="ghost" onClick={host.close}>
    {label}
  </Button>
);

/** The trial has started: what it gives and where to go next. */
export function TrialSuccessModal({ host }: { host: DialogHost }) {
  return (
    <Modal
      open
      title="Your free trial has started"
      onClose={host.close}
      footer={
        <>
          <Close host={host} />
          <Link href="/phones" className={buttonClass('primary')}>
            Add a phone
          </Link>
        </>
      }
    >
      <Alert tone="success">{BILLING_MSG.processOk}</Alert>
      <p>
        For {TRIAL_DAYS} days you can connect a phone and use the API for free. Buy a package any time to keep going
        after the trial.
      </p>
    </Modal>
  );
}

/** Switch the running trial's type (to the API trial, or back to Live chat); its end day stays. */
export function TrialChangeModal({ brand, sub, host }: { brand: string; sub: Entry; host: DialogHost }) {
  const target = trialTarget(brand, sub);
  const toApi = target.endsWith('-trial-api');
  const change = useAction(async () => host.popup(await changeTrial(target), 'success'), {
    errorText: () => BILLING_MSG.trialError,
    onError: (t) => host.popup(t, 'error'),
  });
  return (
    <Modal
      open
      title="Change trial"
      onClose={host.close}
      footer={
        <>
          <Close host={host} label="Cancel" />
          <Button loading={change.busy} onClick={() => void (change.busy || change.run())}>
            {toApi ? 'Change to API trial' : 'Change to Live Chat trial'}
          </Button>
        </>
      }
    >
      <p>
        Your trial becomes the {toApi ? 'API' : 'Live Chat'} trial. It still ends on{' '}
        {sub.data.trial_ends ?? 'the same day'}.
      </p>
    </Modal>
  );
}

/** A subscription is still waiting for its payment or refreshing: try again shortly. */
export function UpgradingModal({ host }: { host: DialogHost }) {
  return (
    <Modal open kind="alert" title="Please wait" onClose={host.close} footer={<Close host={host} label="OK" />}>
      <Alert tone="info">{BILLING_MSG.upgrading}</Alert>
    </Modal>
  );
}

/** After a reduction: the phones that will be disabled at the period end; their data is kept. */
export function DisabledPhonesModal({ ids, date, host }: { ids: number[]; date: string | null; host: DialogHost }) {
  return (
    <Modal open title="Disabled phones" onClose={host.close} footer={<Close host={host} label="OK" />}>
      <Alert tone="success">{BILLING_MSG.updateOk}</Alert>
      <p>
        On {date ?? 'the next bill date'} these phones will be disabled: {ids.map((id) => `#${id}`).join(', ')}. Their
        data is kept; raise the quantity again to enable them.
      </p>
    </Modal>
  );
}

/** Buying a second package beside an active one: add it, or update the current one instead. */
export function AddPlanModal({ offer, host }: { offer: PackageOffer; host: DialogHost }) {
  return (
    <Modal
      open
      title="Add new plan"
      onClose={host.close}
      footer={
        <>
          <Close host={host} label="Cancel" />
          <Button onClick={() => host.open({ kind: 'purchase', offer })}>Add new plan</Button>
        </>
      }
    >
      <p>
        You already have an active subscription. <strong>{offer.title}</strong> is added as a new subscription with its
        own bill. To add phones to your current plan, use <em>Update</em> on its row instead.
      </p>
    </Modal>
  );
}

/**
 * The first step of cancelling: when the subscriptions to cancel first are still running, that is
 * said here, naming them (1-console §6), before any reason is asked; else what cancelling does: a
 * paid subscription runs to the end of what was paid, a past-due or paused one ends now.
 */
export function UnsubscribeModal({ sub, first, host }: { sub: Entry; first: readonly Entry[]; host: DialogHost }) {
  if (first.length) {
    return (
      <Modal open kind="alert" title="Unsubscribe" onClose={host.close} footer={<Close host={host} label="OK" />}>
        <Alert tone="error">{BILLING_MSG.otherSubscriptions}</Alert>
        <p>
          Cancel these first, then <strong>{sub.name}</strong>:
        </p>
        <ul aria-label="Cancel these first">
          {first.map((o) => (
            <li key={o.data.subscription_id}>{o.name}</li>
          ))}
        </ul>
      </Modal>
    );
  }
  const paidUntil = sub.data.status === 'active' && !sub.data.trialType ? sub.data.next_bill_date : null;
  return (
    <Modal
      open
      kind="alert"
      title="Unsubscribe"
      onClose={host.close}
      footer={
        <>
          <Close host={host} label="Keep subscription" />
          <Button variant="danger" onClick={() => host.open({ kind: 'cancel', sub })}>
            Continue
          </Button>
        </>
      }
    >
      <p>
        {paidUntil ? (
          <>
            <strong>{sub.name}</strong> stays active until <strong>{paidUntil}</strong>, the end of the period you paid
            for; nothing more is charged. Then phones above your new limit are disabled; their data is kept. You can
            keep the subscription until then.
          </>
        ) : (
          <>
            Cancelling <strong>{sub.name}</strong> ends it now. Phones above your new limit are disabled; their data is
            kept.
          </>
        )}
      </p>
    </Modal>
  );
}
