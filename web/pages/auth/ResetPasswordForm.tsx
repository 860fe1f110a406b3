import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { MSG } from '../../lib/messages';
import { useForm } from '../../lib/use-form';
import { validateReset, type ResetValues } from '../../lib/validation';

export interface ResetPasswordFormProps {
  onSubmit: (values: ResetValues) => void;
  loading?: boolean;
  error?: string;
}

/** The new-password form of a mailed reset link (register password rules). */
export function ResetPasswordForm({ onSubmit, loading, error }: ResetPasswordFormProps) {
  const { values, errors, field, handleSubmit, formRef } = useForm<ResetValues>(
    { password: '', confirm: '' },
    validateReset,
  );
  return (
    <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={field('password')}
        error={errors.password}
        hint={errors.password ? undefined : MSG.passwordRule}
      />
      <TextField
        label="Password confirmation"
        type="password"
        name="confirm"
        autoComplete="new-password"
        required
        value={values.confirm}
        onChange={field('confirm')}
        error={errors.confirm}
      />
      <Button type="submit" block loading={loading}>
        Change password
      </Button>
    </form>
  );
}
