import { MSG } from '../lib/messages';
import { buttonClass } from './Button';
import { GoogleMark } from './Icon';

export interface GoogleButtonProps {
  enabled: boolean;
  /** `register` makes the server come back to the sign-up flow. */
  mode: 'login' | 'register';
}

/** Google sign-in/sign-up: a link to the server's OAuth start, or a disabled button saying why not. */
export function GoogleButton({ enabled, mode }: GoogleButtonProps) {
  if (!enabled) {
    return (
      <button type="button" className={buttonClass('secondary', { block: true })} disabled>
        {MSG.googleNotConfigured}
      </button>
    );
  }
  const href = mode === 'register' ? '/api/auth/google?from=register' : '/api/auth/google';
  return (
    <a className={buttonClass('secondary', { block: true })} href={href}>
      <GoogleMark />
      {mode === 'register' ? 'Sign up with Google' : 'Sign in with Google'}
    </a>
  );
}
