import { useId } from 'react';
import { MSG } from '../lib/messages';
import { buttonClass } from './Button';
import { GoogleMark } from './Icon';

export interface GoogleButtonProps {
  enabled: boolean;
  /** `register` makes the server come back to the sign-up flow. */
  mode: 'login' | 'register';
  /** The page to come back to after signing in (the login page's `origin`); the server keeps it only when it stays on the site. */
  origin?: string | null;
}

/**
 * Google sign-in/sign-up: a link to the server's OAuth start, or a disabled button with the reason
 * below it (the reason is too long for one line of a phone-wide button).
 */
export function GoogleButton({ enabled, mode, origin }: GoogleButtonProps) {
  const noteId = useId();
  if (!enabled) {
    return (
      <div className="w-field">
        <button type="button" className={buttonClass('secondary', { block: true })} disabled aria-describedby={noteId}>
          <GoogleMark />
          Continue with Google
        </button>
        <p className="w-field__hint w-google-note" id={noteId}>
          {MSG.googleNotConfigured}
        </p>
      </div>
    );
  }
  const query = new URLSearchParams({
    ...(mode === 'register' ? { from: 'register' } : {}),
    ...(origin ? { origin } : {}),
  }).toString();
  const href = `/api/auth/google${query ? `?${query}` : ''}`;
  return (
    <a className={buttonClass('secondary', { block: true })} href={href}>
      <GoogleMark />
      {mode === 'register' ? 'Sign up with Google' : 'Sign in with Google'}
    </a>
  );
}
