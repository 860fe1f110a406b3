import { useState } from 'react';
import { planCatalogue } from '../../../src/shared/billing/plans';
import type { PausedSub } from '../../../src/shared/schemas/staff/subs';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/bootstrap';
import { useAction } from '../../lib/use-action';
import type { PausedInput } from '../../stores/staff-subs';
import { EditDialog } from './EditDialog';

/** Paid plans that grant phones: what a paused subscription may restart on. */
function phonePlans() {
  return [...planCatalogue(getConfig().brand).values()]
    .filter((p) => !p.trial && p.grants.phone > 0)
    .map((p) => ({ value: p.id, text: `${p.name} (${p.id})` }));
}

/** Changes what a paused subscription's restart charges and grants: plan, phones and price per period. */
export function PausedEditDialog({
  sub,
  save,
  onClose,
}: {
  sub: PausedSub;
  save: (input: PausedInput) => Promise<void>;
  onClose: () => void;
}) {
  const [phones, setPhones] = useState(String(sub.settings.phone_limit));
  const [price, setPrice] = useState(String(sub.data.new_price));
  const [plan, setPlan] = useState(sub.settings.plan_id);
  const action = useAction(
    () => save({ charge_id: sub.charge_id, phone_limit: Number(phones), new_price: Number(price), plan_id: plan }),
    { errorLabel: true },
  );
  const validate = () => {
    if (!/^\d{1,3}$/.test(phones.trim()) || Number(phones) < 1) return 'Phones must be a whole number from 1.';
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(price.trim()) || Number(price) <= 0)
      return 'Enter a price in dollars, e.g. 29 or 29.90.';
    return '';
  };
  return (
    <EditDialog title={`Edit paused subscription: ${sub.email}`} action={action} validate={validate} onClose={onClose}>
      <div className="staff-subs__limits">
        <TextField label="Phones" inputMode="numeric" value={phones} onChange={setPhones} data-autofocus />
        <TextField label="New price (USD per period)" inputMode="decimal" value={price} onChange={setPrice} />
      </div>
      <SelectField label="Plan" value={plan} onChange={setPlan} options={phonePlans()} />
    </EditDialog>
  );
}
