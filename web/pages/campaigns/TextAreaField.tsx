import { useId, type ReactNode } from 'react';

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: ReactNode;
  /** Marks the box invalid; the message itself is shown by the section. */
  invalid?: boolean;
  rows?: number;
  placeholder?: string;
}

/** A labelled text area like TextField: the label names it, the hint describes it. */
export function TextAreaField({ label, value, onChange, hint, invalid, rows = 4, placeholder }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="w-field">
      <label className="w-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="w-input"
        rows={rows}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <span className="w-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}
