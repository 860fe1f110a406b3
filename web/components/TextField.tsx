import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input; the error text is announced through aria-describedby. */
export function TextField({ label, value, onChange, error, hint, id, required, ...rest }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="w-field">
      {/* The required mark sits outside the label so the field's accessible name is the label text alone. */}
      <div className="w-field__head">
        <label className="w-field__label" htmlFor={inputId}>
          {label}
        </label>
        {required && (
          <span className="w-field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <input
        {...rest}
        id={inputId}
        className="w-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
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
