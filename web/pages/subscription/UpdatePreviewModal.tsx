import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { ProductSettings } from '../../lib/bootstrap';
import type { Phone } from '../../lib/phones';
import { useAction } from '../../lib/use-action';
import { updateQuantity, type Preview } from '../../stores/billing';
import { fetchPhones } from '../../stores/phones';
import { updateFailText, type DialogHost } from './dialogs';
import { phoneChoice, pickKind, planOfEntry, type Entry } from './entries';
import { dollars } from './packages';
import { PhoneChoice } from './PhoneChoice';

export interface UpdatePreviewModalProps {
  brand: string;
  sub: Entry;
  quantity: number;
  preview: Preview;
  settings: ProductSettings;
  host: DialogHost;
  /** The product's phones; loaded from listPhones when left out. */
  phones?: Phone[];
}

/**
 * What the price per unit of a change means for the units kept (issue 38): a reduction keeps the price
 * they were bought at; a raise that buys at another price says plainly that the kept ones move to it.
 */
function unitPriceText(price: number, current: number, unit: string, raise: boolean): string {
  if (!raise) return `${dollars(price)} a period: each ${unit} kept keeps the price it was bought at`;
  if (price === current) return `${dollars(price)} a period: the price of each ${unit} added or kept by this change`;
  return `${dollars(price)} a period for each ${unit} added; from the next payment the ${unit}s kept move from ${dollars(current)} to ${dollars(price)} too`;
}

/**
 * What the change costs now and at the next payment, and which phones it touches: a raise may
 * activate disabled phones, a reduction must name the phones to disable at the period end (1-console §4, §5).
 */
export function UpdatePreviewModal({
  brand,
  sub,
  quantity,
  preview,
  settings,
  host,
  phones: given,
}: UpdatePreviewModalProps) {
  const [phones, setPhones] = useState<Phone[]>(given ?? []);
  const [selected, setSelected] = useState<number[]>([]);
  const plan = planOfEntry(brand, sub);
  const kind = pickKind(plan);
  useEffect(() => {
    if (!given && kind) void fetchPhones().then(setPhones, () => setPhones([]));
  }, [given, kind]);
  const limit = Number((kind === 'instagram' ? settings.instagram_limit : settings.phone_limit) ?? 0);
  const unit = kind === 'instagram' ? 'Instagram account' : kind === 'whatsapp' ? 'phone' : 'agent';
  const added = Math.abs(quantity - sub.data.quantity);
  const choice = phoneChoice(plan, phones, sub.data.quantity, quantity, limit);
  const apply = useAction(
    async () => {
      const message = await updateQuantity(sub.data.subscription_id, quantity, sub.data.quantity, selected);
      if (!choice.raise && selected.length)
        host.open({ kind: 'disabledPhones', ids: selected, date: preview.next_payment.date });
      else host.popup(message, 'success');
    },
    { errorText: updateFailText, onError: (text) => host.popup(text, 'error') },
  );
  // Confirmation waits for exactly the phones a reduction needs, unless something is charged now.
  const blocked = !preview.immediate_payment && selected.length !== choice.required;
  return (
    <Modal
      open
      title="Update preview"
      onClose={host.close}
      size="md"
      footer={
        <>
          <Button variant="ghost" onClick={host.close}>
            Cancel
          </Button>
          <Button loading={apply.busy} disabled={blocked} onClick={() => void (apply.busy || apply.run())}>
            Confirm update
          </Button>
        </>
      }
    >
      <p>
        <strong>{sub.name}</strong>: {sub.data.quantity} → {quantity}
      </p>
      <dl className="w-subs__preview">
        {preview.unit_price !== undefined && (
          <>
            <dt>Price per {unit}</dt>
            <dd>{unitPriceText(preview.unit_price, sub.data.unit_price, unit, choice.raise)}</dd>
          </>
        )}
        {preview.immediate_payment && (
          <>
            <dt>Immediate payment</dt>
            <dd>
              {dollars(preview.immediate_payment.amount)} on {preview.immediate_payment.date}
              {preview.unit_price !== undefined && (
                <>
                  {' '}
                  ({added} × {dollars(preview.unit_price)}, for the days left until {preview.next_payment.date})
                </>
              )}
            </dd>
          </>
        )}
        <dt>Next payment</dt>
        <dd>
          {dollars(preview.next_payment.amount)} on {preview.next_payment.date}
          {preview.unit_price !== undefined && (
            <>
              {' '}
              ({quantity} × {dollars(preview.unit_price)})
            </>
          )}
        </dd>
      </dl>
      {!choice.raise && kind && (
        <Alert tone="info">
          The reduction takes effect on {preview.next_payment.date}.{' '}
          {choice.required > 0
            ? `Choose ${choice.required} phone${choice.required === 1 ? '' : 's'} to disable then.`
            : 'No phone needs to be disabled.'}
        </Alert>
      )}
      {choice.candidates.length > 0 && (choice.raise || choice.required > 0) && (
        <PhoneChoice
          legend={choice.raise ? 'Disabled phones to activate' : 'Phones to disable'}
          phones={choice.candidates}
          selected={selected}
          onChange={setSelected}
          max={choice.raise ? choice.max : choice.required}
        />
      )}
    </Modal>
  );
}
