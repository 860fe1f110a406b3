import { useEffect, useState } from 'react';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { sameGrants } from '../../../src/shared/billing/plan-change';
import { planTitle, type Plan } from '../../../src/shared/billing/plans';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { useAction } from '../../lib/use-action';
import { changePlan, previewChange, type Preview } from '../../stores/billing';
import { failText, updateFailText, type DialogHost } from './dialogs';
import { planOfEntry, planTargets, type Entry } from './entries';
import { dollars, usd } from './packages';

const period = (months: number) => (months === 12 ? 'year' : months === 1 ? 'month' : `${months} months`);

/**
 * The plans offered to move to: the console's targets that grant what the subscription grants, as the
 * server's rule requires (a Live chat subscription, one phone and one agent, has none of them).
 */
export function changeTargets(brand: string, sub: Entry): Plan[] {
  const current = planOfEntry(brand, sub);
  return current ? planTargets(brand, sub).filter((p) => sameGrants(p, current)) : [];
}

/** Move a phone subscription to another plan from its next payment, with what that payment will be. */
export function PlanChangeModal({
  brand,
  sub,
  host,
  fetchPreview = previewChange,
}: {
  brand: string;
  sub: Entry;
  host: DialogHost;
  fetchPreview?: typeof previewChange;
}) {
  const targets = changeTargets(brand, sub);
  const [planId, setPlanId] = useState(targets[0]?.id ?? '');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState('');
  useEffect(() => {
    let live = true;
    setPreview(null);
    setPreviewError('');
    if (!planId) return;
    fetchPreview(sub.data.subscription_id, { plan_id: planId }).then(
      (p) => live && setPreview(p),
      (e: unknown) => live && setPreviewError(failText(BILLING_MSG.previewFailed)(e)),
    );
    return () => {
      live = false;
    };
  }, [fetchPreview, sub.data.subscription_id, planId]);
  const change = useAction(async () => host.popup(await changePlan(sub.data.subscription_id, planId), 'success'), {
    errorText: updateFailText,
    onError: (t) => host.popup(t, 'error'),
  });
  const options = targets.map((p) => ({
    value: p.id,
    text: `${planTitle(p)} · ${usd(p.price)} / ${period(p.months)}`,
  }));
  return (
    <Modal
      open
      title="Change plan"
      onClose={host.close}
      footer={
        <>
          <Button variant="ghost" onClick={host.close}>
            Cancel
          </Button>
          <Button loading={change.busy} disabled={!preview} onClick={() => void (change.busy || change.run())}>
            Change plan
          </Button>
        </>
      }
    >
      <p>
        <strong>{sub.name}</strong> moves to the new plan from its next payment.
      </p>
      {targets.length === 0 ? (
        <Alert tone="info">{BILLING_MSG.planGrantsDiffer}</Alert>
      ) : (
        <>
          <SelectField label="New plan" value={planId} onChange={setPlanId} options={options} />
          {previewError && <Alert tone="error">{previewError}</Alert>}
          <p aria-live="polite">
            {preview ? (
              <>
                Next payment: <strong>{dollars(preview.next_payment.amount)}</strong> on {preview.next_payment.date}
              </>
            ) : (
              !previewError && 'Loading the payment preview…'
            )}
          </p>
        </>
      )}
    </Modal>
  );
}
