import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A line under the label. */
  hint?: ReactNode;
}

/** An on/off switch (role switch) with its label beside it. */
export function Switch({ label, checked, onChange, disabled, hint }: SwitchProps) {
  const id = useId();
  return (
    <div className="w-switch">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="w-switch__track"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="w-switch__thumb" aria-hidden="true" />
      </button>
      <span className="w-switch__text">
        <label htmlFor={id} className="w-switch__label">
          {label}
        </label>
        {hint && (
          <span className="w-field__hint" id={`${id}-hint`}>
            {hint}
          </span>
        )}
      </span>
    </div>
  );
}
