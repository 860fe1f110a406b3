import { useState } from 'react';
import { Link } from 'wouter';
import { AGENT_PASSWORD_MIN } from '../../../src/shared/agent-messages';
import { AGENT_LOGIN_PATH } from '../../../src/shared/agent-seats';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button, buttonClass } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { ApiError } from '../../lib/api';
import { brandName, getConfig } from '../../lib/bootstrap';
import { MSG } from '../../lib/messages';
import { useForm } from '../../lib/use-form';
import type { Errors } from '../../lib/validation';
import { agentLoginUrl, verifyAgent } from '../../stores/agents';
import { agentPasswordError } from '../agents/agent-form';
import type { PageProps } from '../page-props';

interface VerifyValues {
  password: string;
  confirm: string;
}

/** An empty password keeps the one the owner set; a typed one follows the agent rule and must be confirmed. */
function validate(v: VerifyValues): Errors<keyof VerifyValues> {
  if (!v.password) return v.confirm ? { confirm: MSG.passwordsDiffer } : {};
  const password = agentPasswordError(v.password, false);
  if (password) return { password };
  return v.confirm === v.password ? {} : { confirm: MSG.passwordsDiffer };
}

/** /verify/agent/{token}: a new live-chat agent confirms the e-mail and may choose their own password. */
export default function VerifyAgentPage({ params }: PageProps) {
  const { values, errors, field, handleSubmit, formRef } = useForm<VerifyValues>(
    { password: '', confirm: '' },
    validate,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const submit = async (v: VerifyValues) => {
    setBusy(true);
    setError('');
    try {
      setDone(await verifyAgent(params.token ?? '', v.password));
    } catch (e) {
      setError(e instanceof ApiError && e.fromServer ? e.message : MSG.genericError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthLayout
      brandName={brandName(getConfig().brand)}
      title="Agent verification"
      footer={
        <>
          <Link href={AGENT_LOGIN_PATH}>Agent? Sign in to the live chat</Link> ·{' '}
          <Link href="/login">Account owner? Log in</Link>
        </>
      }
    >
      {done ? (
        <>
          <Alert tone="success">{done}</Alert>
          <Link href={AGENT_LOGIN_PATH} className={buttonClass('primary', { block: true })}>
            Sign in to the live chat
          </Link>
        </>
      ) : (
        <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit((v) => void submit(v))}>
          <p>
            You were added as a live-chat agent. Confirm your e-mail, then sign in to the live chat at{' '}
            <Link href={AGENT_LOGIN_PATH}>{agentLoginUrl()}</Link>; agents do not use this console.
          </p>
          {error && <Alert tone="error">{error}</Alert>}
          <TextField
            label="Your own password (optional)"
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={field('password')}
            error={errors.password}
            hint={
              errors.password
                ? undefined
                : `Leave empty to keep the password the account owner set. At least ${AGENT_PASSWORD_MIN} characters.`
            }
          />
          <TextField
            label="Password confirmation"
            type="password"
            name="confirm"
            autoComplete="new-password"
            value={values.confirm}
            onChange={field('confirm')}
            error={errors.confirm}
          />
          <Button type="submit" block loading={busy}>
            Confirm e-mail
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
