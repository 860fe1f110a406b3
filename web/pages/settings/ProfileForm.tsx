import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { SaveButton } from '../../components/SaveButton';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import { useForm } from '../../lib/use-form';
import { validateProfile, type ProfileValues } from '../../lib/validation';

export interface ProfileFormProps {
  initial: ProfileValues;
  email: string;
  /** Saves; rejects with an Error whose message is shown. */
  onSave: (values: ProfileValues) => Promise<void>;
}

/** Personal info: name, company, phone; the e-mail is read-only. */
export function ProfileForm({ initial, email, onSave }: ProfileFormProps) {
  const { values, errors, field, handleSubmit, formRef } = useForm<ProfileValues>(initial, validateProfile);
  const save = useAction(onSave);
  return (
    <Card title="Personal info" description="How we address you, and how to reach you.">
      <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit((v) => void save.run(v))}>
        {save.error && <Alert tone="error">{save.error}</Alert>}
        <div className="w-form__grid">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={field('name')}
            error={errors.name}
          />
          <TextField
            label="Company"
            name="company"
            autoComplete="organization"
            value={values.company}
            onChange={field('company')}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+905551234567"
            value={values.phone}
            onChange={field('phone')}
            error={errors.phone}
          />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            value={email}
            onChange={() => undefined}
            readOnly
            hint="The e-mail address cannot be changed."
          />
        </div>
        <div className="w-settings__save">
          <SaveButton action={save} />
        </div>
      </form>
    </Card>
  );
}
