import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { SaveButton } from '../../components/SaveButton';
import { TextField } from '../../components/TextField';
import { MSG } from '../../lib/messages';
import { useAction } from '../../lib/use-action';
import { useForm } from '../../lib/use-form';
import { validatePasswordChange, type PasswordChangeValues } from '../../lib/validation';

const EMPTY: PasswordChangeValues = { current: '', password: '', confirm: '' };

export interface PasswordFormProps {
  /** Google-login users cannot change their password (2-phones §2.5). */
  isGoogle: boolean;
  onSave: (currentpassword: string, newpassword: string) => Promise<void>;
}

/** Change the password, confirming the current one; replaced by an explanation for Google-login users. */
export function PasswordForm({ isGoogle, onSave }: PasswordFormProps) {
  const { values, errors, field, handleSubmit, formRef, setValues } = useForm<PasswordChangeValues>(
    EMPTY,
    validatePasswordChange,
  );
  const save = useAction(async (v: PasswordChangeValues) => {
    await onSave(v.current, v.password);
    setValues(EMPTY);
  });
  if (isGoogle) {
    return (
      <Card title="Password">
        <Alert tone="info">{MSG.googlePassword}</Alert>
      </Card>
    );
  }
  return (
    <Card title="Password">
      <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit((v) => void save.run(v))}>
        {save.error && <Alert tone="error">{save.error}</Alert>}
        <div className="w-form__grid">
          <TextField
            label="Current Password"
            name="currentpassword"
            type="password"
            autoComplete="current-password"
            required
            value={values.current}
            onChange={field('current')}
            error={errors.current}
          />
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={field('password')}
            error={errors.password}
            hint={errors.password ? undefined : MSG.passwordRule}
          />
          <TextField
            label="Password confirmation"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            value={values.confirm}
            onChange={field('confirm')}
            error={errors.confirm}
          />
        </div>
        <div className="w-settings__save">
          <SaveButton action={save} />
        </div>
      </form>
    </Card>
  );
}
