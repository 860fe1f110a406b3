import { useState, type FormEvent } from 'react';
import { INSTAGRAM_MSG } from '../../../src/shared/instagram';
import type { InstagramLoginResponse } from '../../../src/shared/schemas/messaging/instagram';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { ModalFooter } from '../../components/ModalFooter';
import { TextField } from '../../components/TextField';
import { loginErrors } from '../../lib/instagram';
import { useAction } from '../../lib/use-action';
import type { LoginInput } from '../../stores/instagram';

export interface LoginModalProps {
  /** The account's current username, if it had one. */
  username: string;
  login: (input: LoginInput) => Promise<InstagramLoginResponse>;
  onLoggedIn: () => void;
  onClose: () => void;
}

/**
 * The login modal (3-developer §2.4, §5): username and password; the server's error on failure, and a
 * code field once the server asks for a two-factor code.
 */
export function LoginModal({ username, login, onLoggedIn, onClose }: LoginModalProps) {
  const [input, setInput] = useState<LoginInput>({ username, password: '', code: '' });
  const [codeRequired, setCodeRequired] = useState(false);
  const [touched, setTouched] = useState(false);
  const errors = touched ? loginErrors(input, codeRequired) : {};
  const action = useAction(async () => {
    const answer = await login(input);
    if (answer.success) return onLoggedIn();
    if ('code_required' in answer) {
      setCodeRequired(true);
      return;
    }
    throw new Error(answer.error);
  });
  const set = (field: keyof LoginInput) => (value: string) => setInput((v) => ({ ...v, [field]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(loginErrors(input, codeRequired)).length === 0) void action.run();
  };
  return (
    <Modal
      open
      title="Instagram Login"
      onClose={onClose}
      footer={
        <ModalFooter onClose={onClose}>
          <Button type="submit" form="w-ig-login" loading={action.busy}>
            Login
          </Button>
        </ModalFooter>
      }
    >
      <form id="w-ig-login" className="w-ig__form" onSubmit={submit} noValidate>
        <TextField
          label="Username"
          value={input.username}
          onChange={set('username')}
          error={errors.username}
          autoComplete="username"
          required
          data-autofocus
        />
        <TextField
          label="Password"
          type="password"
          value={input.password}
          onChange={set('password')}
          error={errors.password}
          autoComplete="current-password"
          required
        />
        {codeRequired && (
          <>
            <Alert tone="info">{INSTAGRAM_MSG.codeAsked}</Alert>
            <TextField
              label="Security code"
              value={input.code}
              onChange={set('code')}
              error={errors.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
            />
          </>
        )}
        {action.error && <Alert tone="error">{action.error}</Alert>}
      </form>
    </Modal>
  );
}
