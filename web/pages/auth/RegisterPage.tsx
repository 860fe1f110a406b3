import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { AuthLayout } from '../../components/AuthLayout';
import { brandName, getConfig } from '../../lib/bootstrap';
import { withOrigin } from '../../lib/navigation';
import { openWelcome } from '../../stores/onboarding';
import { $authError, $authLoading, clearAuthError, register } from '../../stores/session';
import { RegisterForm } from './RegisterForm';

/**
 * /register: sign-up. Once the user is signed in the route table sends them to the `origin` the login
 * page passed on (the tool that sent them to log in), else to /subscription; the welcome modal opens
 * over either, offering the free trial a phone tool needs.
 */
export default function RegisterPage() {
  const error = useStore($authError);
  const loading = useStore($authLoading) === 'login';
  const config = getConfig();
  const search = useSearch();
  useEffect(() => clearAuthError, []);
  return (
    <AuthLayout
      brandName={brandName(config.brand)}
      title="Create your account"
      subtitle="Send and receive WhatsApp messages from your own code."
      footer={
        <>
          Already have an account? <Link href={withOrigin('/login', search)}>Log in</Link>
        </>
      }
    >
      <RegisterForm
        onSubmit={(v) => void register(v.email.trim(), v.password).then((ok) => ok && openWelcome())}
        loading={loading}
        error={error || undefined}
        googleEnabled={config.googleEnabled}
        origin={new URLSearchParams(search).get('origin')}
        onEdit={error ? clearAuthError : undefined}
      />
    </AuthLayout>
  );
}
