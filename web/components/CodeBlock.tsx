import { CopyButton } from './CopyButton';

export interface CodeBlockProps {
  code: string;
  /** What the code is, e.g. "curl" or "JSON"; names the copy button too. */
  label: string;
  /** What Copy copies when it differs from what is shown (the code with a secret the screen masks). */
  copyValue?: string;
  /** Long lines wrap instead of scrolling sideways (a one-line snippet read on a phone). */
  wrap?: boolean;
}

/** Preformatted code that scrolls sideways (or wraps), with a copy button. */
export function CodeBlock({ code, label, copyValue, wrap }: CodeBlockProps) {
  return (
    <div className="w-code">
      <div className="w-code__bar">
        <span>{label}</span>
        <CopyButton value={copyValue ?? code} label={`Copy ${label}`} feedback="notice" text="Copy" />
      </div>
      <pre className={`w-code__pre${wrap ? ' w-code__pre--wrap' : ''}`} tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
