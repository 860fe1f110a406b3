import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { brandName, getConfig } from '../../lib/bootstrap';
import { $inboxLoginError, inboxLogin } from '../../stores/inbox-agent';

/** /live/login: an agent signs in to the chat app with the e-mail and password the owner gave them. */
export default function LiveLoginPage() {
  const error = useStore($inboxLoginError);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    void inboxLogin(email.trim(), password).then((ok) => {
      setBusy(false);
      if (ok) navigate('/live', { replace: true });
    });
  };
  return (
    <AuthLayout
      brandName={brandName(getConfig().brand)}
      title="Agent Login"
      subtitle="Sign in to answer your team's live chats."
    >
      <form className="w-form" noValidate onSubmit={submit}>
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" block loading={busy}>
          Login
        </Button>
      </form>
    </AuthLayout>
  );
}
