import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import { grantRole, type StaffGrant } from '../../stores/staff';

const ROLES: readonly { value: StaffGrant; text: string }[] = [
  { value: 'limited', text: 'Limited' },
  { value: 'admin', text: 'Admin' },
  { value: 'none', text: 'None' },
];

/**
 * Grants a staff role from /yta (as `npm run admin -- grant` does): an existing account's e-mail and
 * the role; the change shows in the audit log below (`onGranted` reloads it).
 */
export function StaffRoles({ onGranted }: { onGranted: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffGrant>('limited');
  const [done, setDone] = useState('');
  const save = useAction(async () => {
    setDone('');
    setDone(await grantRole(email, role));
    onGranted();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) void save.run();
  };
  return (
    <Card
      title="Staff roles"
      description="Admins open the whole back-office, limited staff its Menu, Footprint and Feedback tabs; None makes the account an ordinary customer again. The account must exist (signed up) first."
    >
      <div className="staff__roles">
        <form className="staff__filters" onSubmit={submit} aria-label="Grant a staff role">
          <TextField
            label="E-mail"
            type="email"
            value={email}
            onChange={(v) => (setEmail(v), setDone(''), save.clearError())}
            placeholder="ada@example.com"
            required
          />
          <SelectField
            label="Role"
            value={role}
            onChange={(v) => (setRole(v as StaffGrant), setDone(''))}
            options={ROLES}
          />
          <Button type="submit" loading={save.busy} disabled={!email.trim()}>
            Save role
          </Button>
        </form>
        {save.error && <Alert tone="error">{save.error}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
      </div>
    </Card>
  );
}
