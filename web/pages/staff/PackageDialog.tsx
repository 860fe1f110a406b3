import { countOf } from '../../../src/shared/format';
import { useState } from 'react';
import { planCatalogue } from '../../../src/shared/billing/plans';
import type { SubsRow } from '../../../src/shared/schemas/staff/subs';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/bootstrap';
import { useAction } from '../../lib/use-action';
import type { PackageInput } from '../../stores/staff-subs';
import { EditDialog } from './EditDialog';

const WHOLE = /^\d{1,5}$/;
const NOT_WHOLE = 'Enter whole numbers (0 or more).';

/** The plans whose package label staff may give an owner (the paid ones). */
function planOptions() {
  const plans = [...planCatalogue(getConfig().brand).values()].filter((p) => !p.trial);
  return [
    { value: '', text: 'Keep the current package' },
    ...plans.map((p) => ({ value: p.id, text: `${p.name} (${p.id})` })),
  ];
}

/** The package editor (4-admin §2): an owner's agent, phone and Instagram quantities; Save reads Saved or Error for 2 s. */
export function PackageDialog({
  row,
  save: saveLimits,
  onClose,
}: {
  row: SubsRow;
  save: (input: PackageInput) => Promise<void>;
  onClose: () => void;
}) {
  const [agents, setAgents] = useState(String(row.agent_limit));
  const [phones, setPhones] = useState(String(row.phone_limit));
  const [instagrams, setInstagrams] = useState(String(row.instagram_limit));
  const [plan, setPlan] = useState('');
  const save = useAction(
    () =>
      saveLimits({
        pid: row.pid,
        new_limit: Number(agents),
        new_phone_limit: Number(phones),
        new_instagram_limit: Number(instagrams),
        ...(plan ? { subscription_plan_id: plan } : {}),
      }),
    { errorLabel: true },
  );
  const validate = () => ([agents, phones, instagrams].every((v) => WHOLE.test(v.trim())) ? '' : NOT_WHOLE);
  return (
    <EditDialog title={`Edit package: ${row.owner_email}`} action={save} validate={validate} onClose={onClose}>
      <p className="staff-subs__count">
        Uses {countOf(row.agents, 'agent')}, {countOf(row.phones, 'phone')},{' '}
        {countOf(row.instagrams, 'Instagram account')}. Limits apply at once; phones above a lowered limit are disabled,
        newest first.
      </p>
      <div className="staff-subs__limits">
        <TextField label="Agent limit" inputMode="numeric" value={agents} onChange={setAgents} data-autofocus />
        <TextField label="Phone limit" inputMode="numeric" value={phones} onChange={setPhones} />
        <TextField label="Instagram limit" inputMode="numeric" value={instagrams} onChange={setInstagrams} />
      </div>
      <SelectField label="Package" value={plan} onChange={setPlan} options={planOptions()} />
    </EditDialog>
  );
}
