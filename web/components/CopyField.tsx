import { useId, useState, type ReactNode } from 'react';
import { CopyButton, type CopyButtonProps } from './CopyButton';
import { Icon } from './Icon';

export interface CopyFieldProps {
  label: ReactNode;
  value: string;
  feedback?: CopyButtonProps['feedback'];
  /** Hidden until "Show" is pressed (tokens, secrets). */
  secret?: boolean;
  /** Whether a secret is shown, for a parent that shows it elsewhere too (with onShownChange). */
  shown?: boolean;
  onShownChange?: (shown: boolean) => void;
  hint?: ReactNode;
}

/** What a hidden secret looks like: as many dots as it has characters, at most 32. */
export function maskSecret(value: string): string {
  return '•'.repeat(Math.min(32, value.length || 8));
}

/** A read-only value (product id, token, secret) with a copy button. */
export function CopyField({ label, value, feedback, secret, hint, shown: shownProp, onShownChange }: CopyFieldProps) {
  const id = useId();
  const [shownOwn, setShownOwn] = useState(!secret);
  const shown = shownProp ?? shownOwn;
  const setShown = (v: boolean) => (onShownChange ? onShownChange(v) : setShownOwn(v));
  const name = typeof label === 'string' ? label : 'value';
  return (
    <div className="w-field">
      <label className="w-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="w-copyfield">
        <input
          id={id}
          className="w-input w-copyfield__input"
          readOnly
          value={shown ? value : maskSecret(value)}
          onFocus={(e) => shown && e.currentTarget.select()}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {secret && (
          <button
            type="button"
            className="w-icon-btn"
            aria-label={shown ? `Hide ${name}` : `Show ${name}`}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            <Icon name={shown ? 'eyeOff' : 'eye'} size={18} />
          </button>
        )}
        <CopyButton value={value} label={`Copy ${name}`} feedback={feedback} />
      </div>
      {hint && (
        <span className="w-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}
