import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField } from '../../components/SelectField';
import { Table } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { ToggleGroup } from '../../components/ToggleGroup';
import { dialCountries } from '../../lib/dial-codes';
import { normalizePhone } from '../../lib/phone-numbers';
import { useAction } from '../../lib/use-action';
import { CONTACT_ADDED } from '../../../src/shared/google-messages';
import { addGoogleContact, loadGoogle } from '../../stores/integrations';
import { showToast } from '../../stores/toasts';
import { GoogleAccount } from './GoogleAccount';
import { useGoogle } from './use-google';
import '../tools/phone-tools.css';

type Choice = 'listContacts' | 'addContact';
/** The success notice stays 5 s (3-developer §8). */
const ADDED_MS = 5_000;
/** The country the picker starts on, as on the phones page (2-phones §5). */
const PREFERRED_COUNTRY = 'TR';
/** The longest a typed number gets: 15 digits with spaces, dashes, + or 00 (3-developer §5 asks for 10 national digits). */
const NUMBER_MAX = 24;

/** The add-contact form: name, surname and phone, the button disabled until all three are filled. */
export function AddContactForm({
  onAdd,
}: {
  onAdd: (c: { givenName: string; familyName: string; number: string }) => Promise<unknown>;
}) {
  const [givenName, setGivenName] = useState('');
  const [familyName, setFamilyName] = useState('');
  const [number, setNumber] = useState('');
  const [country, setCountry] = useState(PREFERRED_COUNTRY);
  const [numberError, setNumberError] = useState('');
  const countries = useMemo(() => dialCountries(PREFERRED_COUNTRY), []);
  const action = useAction(onAdd, { label: 'Add Contact' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The national number read in the picked country (the trunk 0 dropped where it dials one), or a
    // full number typed with + or 00: the contact is saved with its country code, as WhatsApp needs it.
    const checked = normalizePhone(number, { country });
    if (!checked.ok) return setNumberError(checked.error);
    setNumberError('');
    if (await action.run({ givenName, familyName, number: checked.digits })) {
      showToast(CONTACT_ADDED, 'success', ADDED_MS);
      setGivenName('');
      setFamilyName('');
      setNumber('');
    }
  };
  return (
    <form className="w-pt-stack" onSubmit={(e) => void submit(e)}>
      <div className="w-pt-row w-pt-row--form">
        <TextField label="Name" value={givenName} onChange={setGivenName} required />
        <TextField label="Surname" value={familyName} onChange={setFamilyName} required />
        <SelectField label="Country" value={country} onChange={setCountry} options={countries} />
        <TextField
          label="Phone"
          value={number}
          onChange={(v) => {
            setNumber(v.replace(/[^\d\s+\-()]/g, '').slice(0, NUMBER_MAX));
            setNumberError('');
          }}
          inputMode="tel"
          maxLength={NUMBER_MAX}
          error={numberError || undefined}
          required
        />
      </div>
      {action.error && <Alert tone="error">{action.error}</Alert>}
      <div className="w-pt-row">
        <Button type="submit" loading={action.busy} disabled={!givenName.trim() || !familyName.trim() || !number}>
          Add Contact
        </Button>
      </div>
    </form>
  );
}

/** /integrations/contacts: a wizard, step 0 authorise, step 1 choose listContacts or addContact, step 2 do it (3-developer §2.10). */
export default function ContactsPage() {
  const google = useGoogle('/integrations/contacts');
  const [choice, setChoice] = useState<Choice | null>(null);
  const linked = google.status?.linked ? google.status : null;
  const step = !linked ? 0 : choice ? 2 : 1;
  return (
    <div className="w-pt">
      <ol className="w-pt-steps" aria-label="Steps">
        {['Authorise', 'Choose action', choice === 'addContact' ? 'Add contact' : 'List contacts'].map((label, i) => (
          <li key={label} aria-current={i === step ? 'step' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      <GoogleAccount
        status={google.status}
        error={google.error}
        onAuthorise={google.authorise}
        onUnlink={google.unlink}
      />
      {linked && (
        <Card title="Choose action">
          <ToggleGroup<Choice | ''>
            label="Action"
            value={choice ?? ''}
            onChange={(v) => setChoice(v || null)}
            options={[
              { value: 'listContacts', label: 'List contacts' },
              { value: 'addContact', label: 'Add contact' },
            ]}
          />
        </Card>
      )}
      {linked && choice === 'listContacts' && (
        <Card title="Contacts">
          <Table
            caption="Google contacts"
            rows={linked.displayNames}
            rowKey={(c) => c.resourceName || `${c.name}-${c.number}`}
            empty="No contacts yet."
            columns={[
              { key: 'name', header: 'Name', cell: (c) => c.name },
              { key: 'number', header: 'Number', cell: (c) => c.number },
            ]}
          />
        </Card>
      )}
      {linked && choice === 'addContact' && (
        <Card title="Add contact">
          <AddContactForm
            onAdd={async (c) => {
              await addGoogleContact(c);
              await loadGoogle('/integrations/contacts');
            }}
          />
        </Card>
      )}
    </div>
  );
}
