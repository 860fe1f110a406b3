import { useId, type ReactNode } from 'react';

export interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; text: string }[];
  placeholder?: string;
  error?: string;
  name?: string;
}

/** A labelled native select. */
export function SelectField({ label, value, onChange, options, placeholder, error, name }: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="w-field">
      <label className="w-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="w-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      {error && (
        <span className="w-field__error" id={errorId}>
          {error}
        </span>
      )}
    </div>
  );
}
