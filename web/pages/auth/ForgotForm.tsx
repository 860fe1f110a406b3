import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useForm } from '../../lib/use-form';
import { validateForgot, type ForgotValues } from '../../lib/validation';

export interface ForgotFormProps {
  onSubmit: (values: ForgotValues) => void;
  loading?: boolean;
  error?: string;
}

/** Asks for the work e-mail to send a reset link to. */
export function ForgotForm({ onSubmit, loading, error }: ForgotFormProps) {
  const { values, errors, field, handleSubmit, formRef } = useForm<ForgotValues>({ email: '' }, validateForgot);
  return (
    <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Work email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={field('email')}
        error={errors.email}
      />
      <Button type="submit" block loading={loading}>
        Send reset link
      </Button>
    </form>
  );
}
