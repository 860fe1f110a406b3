import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { boughtPlan } from '../../../src/shared/billing/bought';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { getConfig } from '../../lib/bootstrap';
import { useAction } from '../../lib/use-action';
import { createTrial, REFRESH_AFTER_MS } from '../../stores/billing';
import { $product } from '../../stores/product';
import { $user } from '../../stores/session';
import { failText, type Dialog, type DialogHost, type Popup } from './dialogs';
import { planOfEntry, type Entry } from './entries';
import { PackageCards } from './PackageCards';
import { packageOffers, type PackageOffer } from './packages';
import { ResultPopup } from './ResultPopup';
import { SubscriptionDialogs } from './SubscriptionDialogs';
import { SubscriptionTables, type RowAction } from './SubscriptionTables';
import { useCheckoutReturn } from './use-checkout-return';
import './subscription.css';

/** How long after a change row actions answer 'Upgrading now' (the product reloads after REFRESH_AFTER_MS). */
const SETTLE_MS = REFRESH_AFTER_MS + 1_000;

/**
 * What the package cards offer of the free trial: the product's trial state (null: never taken), and
 * none once a plan was bought (issue 38): such a customer sees Buy, not "Start free trial" or "Skip trial and buy".
 */
function offerTrial(product: { trial: boolean | null; activeSubs: Entry[]; deletedSubs: Entry[] }): boolean | null {
  const bought = [...product.activeSubs, ...product.deletedSubs].some((e) =>
    boughtPlan({ trialType: e.data.trialType, status: e.data.status }),
  );
  return bought ? false : product.trial;
}

const ROW_DIALOG: Record<RowAction, Dialog['kind']> = {
  update: 'update',
  plan: 'plan',
  history: 'history',
  cancel: 'unsubscribe',
  restart: 'restart',
  undoCancel: 'undoCancel',
  trialChange: 'trialChange',
  trialUnsubscribe: 'trialUnsubscribe',
};

/** `/subscription`: package cards, the active and cancelled subscriptions, and every modal of 1-console §2. */
export default function SubscriptionPage() {
  const product = useStore($product);
  const user = useStore($user);
  const brand = getConfig().brand;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const changedAt = useRef(0);
  const showPopup = useCallback((text: string, tone: Popup['tone']) => {
    if (tone === 'success') changedAt.current = Date.now();
    setDialog(null);
    setPopup({ text, tone });
  }, []);
  const host: DialogHost = useMemo(
    () => ({ open: setDialog, close: () => setDialog(null), popup: showPopup }),
    [showPopup],
  );
  const closePopup = useCallback(() => setPopup(null), []);
  useCheckoutReturn(showPopup);
  const trial = useAction(
    async (type: string) => {
      await createTrial(type);
      setDialog({ kind: 'trialSuccess' });
    },
    { errorText: failText(BILLING_MSG.updateFailed), onError: (t) => showPopup(t, 'error') },
  );

  if (!product) return null;
  const active = product.activeSubs;
  const paid = active.filter((e) => !e.data.trialType);
  const pending = active.some((e) => e.data.status === 'temporary');
  const settling = () => Date.now() - changedAt.current < SETTLE_MS;
  const onBuy = (offer: PackageOffer) => {
    if (pending || settling()) return setDialog({ kind: 'upgrading' });
    const base = paid.some((e) => e.data.status !== 'paused' && !planOfEntry(brand, e)?.addon);
    setDialog(base && !offer.plan.addon ? { kind: 'addPlan', offer } : { kind: 'purchase', offer });
  };
  const onAction = (action: RowAction, sub: Entry) => {
    if (action !== 'history' && settling()) return setDialog({ kind: 'upgrading' });
    setDialog({ kind: ROW_DIALOG[action], sub } as Dialog);
  };
  return (
    <div className="w-subscription">
      <section className="w-card w-subs" aria-labelledby="w-subs-packages">
        <h2 className="w-card__title" id="w-subs-packages">
          Packages
        </h2>
        <PackageCards
          offers={packageOffers(brand, product.settings, offerTrial(product))}
          onBuy={onBuy}
          onTrial={(o) => void (trial.busy || trial.run(o.trialType!))}
          trialBusy={trial.busy}
        />
      </section>
      <SubscriptionTables brand={brand} active={active} cancelled={product.deletedSubs} onAction={onAction} />
      <SubscriptionDialogs dialog={dialog} brand={brand} product={product} user={user} host={host} />
      <ResultPopup popup={popup} onClose={closePopup} />
    </div>
  );
}
