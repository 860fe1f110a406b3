import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { GoogleButton } from '../../components/GoogleButton';
import { TextField } from '../../components/TextField';
import { useForm } from '../../lib/use-form';
import { validateLogin, type LoginValues } from '../../lib/validation';

export interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  loading?: boolean;
  /** The failure to show above the form. */
  error?: string;
  /** A success notice (after a password reset). */
  notice?: string;
  googleEnabled: boolean;
  /** The page to come back to, passed on to Google sign-in. */
  origin?: string | null;
  onEdit?: () => void;
}

/** The admin login form (presentational: the page wires the session store). */
export function LoginForm({ onSubmit, loading, error, notice, googleEnabled, origin, onEdit }: LoginFormProps) {
  const { values, errors, field, handleSubmit, formRef } = useForm<LoginValues>(
    { email: '', password: '' },
    validateLogin,
  );
  const edit = <K extends keyof LoginValues>(name: K) => {
    const set = field(name);
    return (v: LoginValues[K]) => {
      set(v);
      onEdit?.();
    };
  };
  return (
    <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={edit('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={edit('password')}
        error={errors.password}
      />
      <div className="w-form__row">
        <span />
        <Link href="/forgot">Forgot password?</Link>
      </div>
      <Button type="submit" block loading={loading}>
        Login
      </Button>
      <div className="w-divider">or</div>
      <GoogleButton enabled={googleEnabled} mode="login" origin={origin} />
    </form>
  );
}
