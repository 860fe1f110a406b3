import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthLayout } from '../../components/AuthLayout';
import { brandName, getConfig } from '../../lib/bootstrap';
import { resetPassword } from '../../stores/password-reset';
import type { PageProps } from '../page-props';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /verify/resetPassword/{token}: choose a new password, then log in. */
export default function ResetPasswordPage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const submit = async (password: string) => {
    setLoading(true);
    setError('');
    const outcome = await resetPassword(params.token ?? '', password);
    setLoading(false);
    if (outcome.ok) navigate('/login?reset=1');
    else setError(outcome.message);
  };
  return (
    <AuthLayout
      brandName={brandName(getConfig().brand)}
      title="Choose a new password"
      footer={<Link href="/login">Back to login</Link>}
    >
      <ResetPasswordForm onSubmit={(v) => void submit(v.password)} loading={loading} error={error || undefined} />
    </AuthLayout>
  );
}
