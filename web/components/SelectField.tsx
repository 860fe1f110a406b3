import { useId, type ReactNode } from 'react';

export interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; text: string; disabled?: boolean }[];
  placeholder?: string;
  error?: string;
  name?: string;
  disabled?: boolean;
  hint?: ReactNode;
  /** Shows the required mark (`*`) beside the label, as TextField does. */
  required?: boolean;
  onBlur?: () => void;
}

/** A labelled native select. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  name,
  disabled,
  hint,
  required,
  onBlur,
}: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="w-field">
      <div className="w-field__head">
        <label className="w-field__label" htmlFor={id}>
          {label}
        </label>
        {required && (
          <span className="w-field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <select
        id={id}
        name={name}
        className="w-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        disabled={disabled}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.text}
          </option>
        ))}
      </select>
      {error && (
        <span className="w-field__error" id={errorId}>
          {error}
        </span>
      )}
      {hint && (
        <span className="w-field__hint" id={hintId}>
          {hint}
        </span>
      )}
    </div>
  );
}
