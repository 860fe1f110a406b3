import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { SaveButton, useSavedLabel } from '../../components/SaveButton';
import { TextField } from '../../components/TextField';
import { MSG } from '../../lib/messages';
import { useForm } from '../../lib/use-form';
import { validatePasswordChange, type PasswordChangeValues } from '../../lib/validation';
import { errorText } from './error-text';

export interface PasswordFormProps {
  /** Google-login users cannot change their password (2-phones §2.5). */
  isGoogle: boolean;
  onSave: (newpassword: string) => Promise<void>;
}

/** Change the password; replaced by an explanation for Google-login users. */
export function PasswordForm({ isGoogle, onSave }: PasswordFormProps) {
  const { values, errors, field, handleSubmit, formRef, setValues } = useForm<PasswordChangeValues>(
    { password: '', confirm: '' },
    validatePasswordChange,
  );
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [saved, markSaved] = useSavedLabel();
  if (isGoogle) {
    return (
      <Card title="Password">
        <Alert tone="info">{MSG.googlePassword}</Alert>
      </Card>
    );
  }
  const save = async (v: PasswordChangeValues) => {
    setSaving(true);
    setError('');
    try {
      await onSave(v.password);
      markSaved();
      setValues({ password: '', confirm: '' });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="Password" description="Use at least 6 characters.">
      <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit((v) => void save(v))}>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="w-form__grid">
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={field('password')}
            error={errors.password}
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
          <SaveButton saving={saving} saved={saved} />
        </div>
      </form>
    </Card>
  );
}
