import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { AuthLayout } from '../../components/AuthLayout';
import { brandName, getConfig } from '../../lib/bootstrap';
import { MSG } from '../../lib/messages';
import { withOrigin } from '../../lib/navigation';
import { $authError, $authLoading, clearAuthError, login } from '../../stores/session';
import { LoginForm } from './LoginForm';

/** The text shown for a stored login failure: what was wrong and what to do, or the server's message. */
function loginErrorText(stored: string): string {
  return stored === MSG.loginStoredError ? MSG.loginFailed : stored;
}

/** /login: the customer's login. The route table sends the user on to the origin once signed in; Create one carries the origin to /register. */
export default function LoginPage() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const authError = useStore($authError);
  const loading = useStore($authLoading) === 'login';
  const config = getConfig();
  useEffect(() => clearAuthError, []);
  const error = authError ? loginErrorText(authError) : (params.get('error') ?? undefined);
  return (
    <AuthLayout
      brandName={brandName(config.brand)}
      title="Welcome back"
      subtitle="Log in to your phones, messages and live chat."
      footer={
        <>
          Don&apos;t have an account? <Link href={withOrigin('/register', search)}>Create one</Link>
        </>
      }
    >
      <LoginForm
        onSubmit={(v) => void login(v.email.trim(), v.password)}
        loading={loading}
        error={error}
        notice={params.get('reset') === '1' ? MSG.passwordChanged : undefined}
        googleEnabled={config.googleEnabled}
        origin={params.get('origin')}
        onEdit={authError ? clearAuthError : undefined}
      />
    </AuthLayout>
  );
}
