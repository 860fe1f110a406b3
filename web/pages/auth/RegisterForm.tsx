import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { GoogleButton } from '../../components/GoogleButton';
import { TextField } from '../../components/TextField';
import { MSG } from '../../lib/messages';
import { useForm } from '../../lib/use-form';
import { validateRegister, type RegisterValues } from '../../lib/validation';

/** External legal pages linked from the consent box. */
const TERMS_URL = 'https://wapi.dev/terms';
const PRIVACY_URL = 'https://wapi.dev/privacy';

export interface RegisterFormProps {
  onSubmit: (values: RegisterValues) => void;
  loading?: boolean;
  error?: string;
  googleEnabled: boolean;
  /** The page to come back to, passed on to Google sign-up. */
  origin?: string | null;
  onEdit?: () => void;
}

/** The sign-up form (presentational: the page wires the session store). */
export function RegisterForm({ onSubmit, loading, error, googleEnabled, origin, onEdit }: RegisterFormProps) {
  const { values, errors, field, handleSubmit, formRef } = useForm<RegisterValues>(
    { email: '', password: '', confirm: '', consent: false },
    validateRegister,
  );
  const edit = <K extends keyof RegisterValues>(name: K) => {
    const set = field(name);
    return (v: RegisterValues[K]) => {
      set(v);
      onEdit?.();
    };
  };
  return (
    <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {error && (
        <Alert tone="error">
          {error === MSG.mailUsed ? (
            <>
              {MSG.mailUsed} <Link href="/forgot">Reset your password</Link>
            </>
          ) : (
            error
          )}
        </Alert>
      )}
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={edit('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={edit('password')}
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
        onChange={edit('confirm')}
        error={errors.confirm}
      />
      <Checkbox
        name="consent"
        checked={values.consent}
        onChange={edit('consent')}
        error={errors.consent}
        label={
          <>
            I agree to the{' '}
            <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
              Terms and Conditions
            </a>{' '}
            and the{' '}
            <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </a>
            .
          </>
        }
      />
      <Button type="submit" block loading={loading}>
        Register
      </Button>
      <div className="w-divider">or</div>
      <GoogleButton enabled={googleEnabled} mode="register" origin={origin} />
    </form>
  );
}
