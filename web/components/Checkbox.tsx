import { useId, type ReactNode } from 'react';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  name?: string;
}

/** A checkbox with a label that may hold links; the error is tied to the box. */
export function Checkbox({ label, checked, onChange, error, name }: CheckboxProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="w-check">
      <div className="w-check__row">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="w-check__box"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <span className="w-field__error" id={errorId}>
          {error}
        </span>
      )}
    </div>
  );
}
