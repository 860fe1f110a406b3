import { POPUP_MS } from '../../lib/billing-format';
import { useEffect, useRef, useState } from 'react';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { QUANTITY_MAX } from '../../../src/shared/billing/plans';
import type { SubscriptionEntry } from '../../../src/shared/schemas/billing';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { money } from '../../lib/billing-format';
import type { Preview } from '../../stores/billing';
import '../billing/billing.css';

export interface QuickUpdateModalProps {
  sub: SubscriptionEntry | null;
  /** The disabled phone enabled after the raise, named for the user; null when making room for a new phone. */
  activateLabel: string | null;
  loadPreview: (quantity: number) => Promise<Preview>;
  /** Resolves to the success text; rejects with the text to show in red. */
  onConfirm: (quantity: number) => Promise<string>;
  /** The preview failed: the dialog closes and the caller shows `text` (2-phones §8). */
  onPreviewError: (text: string) => void;
  onClose: () => void;
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * Quick update (2-phones §8): raises the phone quantity of the active plan in place, with the payment
 * preview (charged now, and the next payment) for the chosen quantity.
 */
export function QuickUpdateModal({
  sub,
  activateLabel,
  loadPreview,
  onConfirm,
  onPreviewError,
  onClose,
}: QuickUpdateModalProps) {
  const old = sub?.data.quantity ?? 0;
  const [quantity, setQuantity] = useState(old + 1);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const asked = useRef(0);
  const latest = useRef({ loadPreview, onPreviewError, onClose });
  latest.current = { loadPreview, onPreviewError, onClose };

  useEffect(() => {
    setQuantity(old + 1);
    setOutcome(null);
  }, [sub, old]);

  useEffect(() => {
    if (!sub) return;
    const n = ++asked.current;
    setPreview(null);
    latest.current.loadPreview(quantity).then(
      (p) => n === asked.current && setPreview(p),
      (e: unknown) => {
        if (n !== asked.current) return;
        latest.current.onPreviewError(e instanceof Error ? e.message : BILLING_MSG.previewFailed);
        latest.current.onClose();
      },
    );
  }, [sub, quantity]);

  useEffect(() => {
    if (outcome?.tone !== 'success') return;
    const t = setTimeout(() => latest.current.onClose(), POPUP_MS);
    return () => clearTimeout(t);
  }, [outcome]);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: await onConfirm(quantity) });
    } catch (e) {
      setOutcome({ tone: 'error', text: e instanceof Error ? e.message : BILLING_MSG.updateFailed });
    } finally {
      setBusy(false);
    }
  };
  const done = outcome?.tone === 'success';
  const options = Array.from({ length: Math.max(0, QUANTITY_MAX - old) }, (_, i) => String(old + 1 + i)).map((v) => ({
    value: v,
    text: v,
  }));

  return (
    <Modal
      open={sub !== null}
      title="Update Phone Limit"
      onClose={onClose}
      footer={
        done ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={busy} disabled={!preview} onClick={() => void confirm()}>
              Update and Pay
            </Button>
          </>
        )
      }
    >
      <p>
        Your <strong>{sub?.name}</strong> subscription has {old} phone{old === 1 ? '' : 's'}.{' '}
        {activateLabel ? `Raise it to enable ${activateLabel}.` : 'Raise it to add a new phone.'}
      </p>
      <SelectField
        label="New phone quantity"
        value={String(quantity)}
        onChange={(v) => setQuantity(Number(v))}
        options={options}
        disabled={busy || done}
      />
      {preview ? (
        <dl className="w-preview">
          {preview.immediate_payment && (
            <div>
              <dt>Charged now</dt>
              <dd>
                {money(preview.immediate_payment.amount)}{' '}
                <span className="w-muted">on {preview.immediate_payment.date}</span>
              </dd>
            </div>
          )}
          <div>
            <dt>Next payment</dt>
            <dd>
              {money(preview.next_payment.amount)} <span className="w-muted">on {preview.next_payment.date}</span>
            </dd>
          </div>
        </dl>
      ) : (
        <Loader label="Loading the payment preview…" />
      )}
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </Modal>
  );
}
