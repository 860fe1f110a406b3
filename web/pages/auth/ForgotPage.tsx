import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthLayout } from '../../components/AuthLayout';
import { brandName, getConfig } from '../../lib/bootstrap';
import { requestPasswordReset } from '../../stores/password-reset';
import { ForgotForm } from './ForgotForm';

/** /forgot: request a reset link, then the check-your-mail notice. */
export default function ForgotPage() {
  const [, navigate] = useLocation();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const submit = async (email: string) => {
    setLoading(true);
    setError('');
    const outcome = await requestPasswordReset(email);
    setLoading(false);
    if (outcome.ok) navigate(`/forgot/checkyourmail?mail=${encodeURIComponent(email.trim())}`);
    else setError(outcome.message);
  };
  return (
    <AuthLayout
      brandName={brandName(getConfig().brand)}
      title="Forgot your password?"
      subtitle="Enter your work email and we will send you a link to choose a new password."
      footer={<Link href="/login">Back to login</Link>}
    >
      <ForgotForm onSubmit={(v) => void submit(v.email)} loading={loading} error={error || undefined} />
    </AuthLayout>
  );
}
