import { useState } from 'react';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { useAction } from '../../lib/use-action';
import { previewChange } from '../../stores/billing';
import { failText, type DialogHost } from './dialogs';
import { quantityOptions, type Entry } from './entries';
import { dollars } from './packages';

export interface UpdateQuantityModalProps {
  sub: Entry;
  updateLimited: boolean;
  host: DialogHost;
}

const previewFailText = failText(BILLING_MSG.previewFailed);

/** Choose the new quantity (1 to 300; from the current one when update_limited), then see its preview. */
export function UpdateQuantityModal({ sub, updateLimited, host }: UpdateQuantityModalProps) {
  const current = sub.data.quantity;
  const [quantity, setQuantity] = useState(current);
  const options = quantityOptions(current, updateLimited).map((n) => ({ value: String(n), text: String(n) }));
  // A failed preview closes this modal with the server's message (1-console §8).
  const preview = useAction(
    async () =>
      host.open({
        kind: 'preview',
        sub,
        quantity,
        preview: await previewChange(sub.data.subscription_id, { quantity, selectedOldQuantity: current }),
      }),
    { errorText: previewFailText, onError: (text) => host.popup(text, 'error') },
  );
  return (
    <Modal
      open
      title="Update quantity"
      onClose={host.close}
      footer={
        <>
          <Button variant="ghost" onClick={host.close}>
            Cancel
          </Button>
          <Button loading={preview.busy} disabled={quantity === current} onClick={() => void preview.run()}>
            Preview
          </Button>
        </>
      }
    >
      <p>
        <strong>{sub.name}</strong> · {current} now, {dollars(sub.data.unit_price)} each
      </p>
      <SelectField
        label="New quantity"
        value={String(quantity)}
        onChange={(v) => setQuantity(Number(v))}
        options={options}
        hint={updateLimited ? 'This subscription can only be raised.' : undefined}
      />
    </Modal>
  );
}
