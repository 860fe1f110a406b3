import { CopyButton } from './CopyButton';

export interface CodeBlockProps {
  code: string;
  /** What the code is, e.g. "curl" or "JSON"; names the copy button too. */
  label: string;
}

/** Preformatted code that scrolls sideways, with a copy button. */
export function CodeBlock({ code, label }: CodeBlockProps) {
  return (
    <div className="w-code">
      <div className="w-code__bar">
        <span>{label}</span>
        <CopyButton value={code} label={`Copy ${label}`} feedback="notice" text="Copy" />
      </div>
      <pre className="w-code__pre" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
