import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TOOL_CSS } from './styles.js';

/** A short-lived message shown in a polite live region (the tools' toasts). */
export function useNotice(): [ReactNode, (text: string, ms?: number) => void] {
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: string, ms = 3000) => {
    clearTimeout(timer.current);
    setText(next);
    timer.current = setTimeout(() => setText(''), ms);
  }, []);
  return [
    <p className="wt-notice" role="status" aria-live="polite">
      {text}
    </p>,
    show,
  ];
}

/** Saves a blob under a file name through a temporary link. */
export function download(data: Blob | string, name: string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  (document.body ?? document.documentElement).append(a);
  a.click();
  a.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a file as a data URL. */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * True where the tools' stylesheet is already adopted by the shadow root they render in (tools.js),
 * so they render no `<style>` element, which a host page's CSP `style-src` would block anyway.
 */
export const SheetAdopted = createContext(false);

/** The tools' `<style>` element, unless the stylesheet is adopted. */
export function ToolStyle() {
  return useContext(SheetAdopted) ? null : <style>{TOOL_CSS}</style>;
}

/** The scoped stylesheet and root class every tool renders in, so the console, pages and shadow roots look alike. */
export function ToolRoot({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="wt" data-tool={name}>
      <ToolStyle />
      {children}
    </div>
  );
}

/** A labelled text input, with a note and an error below it that the input is described by. */
export function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  required?: boolean;
  type?: string;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  error?: string | null;
}) {
  const { label, value, onChange, multiline, hint, error, ...rest } = props;
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': described };
  return (
    <label className="wt-field">
      <span>
        {label}
        {rest.required && ' *'}
      </span>
      {multiline ? (
        <textarea
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={rest.onBlur}
          rows={3}
          placeholder={rest.placeholder}
          {...aria}
        />
      ) : (
        <input value={value} onChange={(e) => onChange(e.target.value)} {...rest} {...aria} />
      )}
      {hint && (
        <small className="wt-hint" id={`${id}-hint`}>
          {hint}
        </small>
      )}
      {error && (
        <small className="wt-error" id={`${id}-error`}>
          {error}
        </small>
      )}
    </label>
  );
}
