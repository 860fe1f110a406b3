import { useEffect, useRef, useState } from 'react';
import { DEV_MSG } from '../lib/dev-messages';
import { showToast } from '../stores/toasts';
import { Icon } from './Icon';

/** How long a copy button reads 'Copied' (3-developer §4, §9). */
export const COPY_INDICATOR_MS = 2_000;
/** How long the 'Copied to clipboard!' notice stays (3-developer §9 "copied notice"). */
const COPIED_NOTICE_MS = 5_000;

/** Puts text on the clipboard; falls back to a hidden text area where the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy refused');
  }
}

export interface CopyButtonProps {
  value: string;
  /** The accessible name, e.g. "Copy token". */
  label: string;
  /**
   * `indicator`: the button reads 'Copied' for 2 s (token page); `notice`: a 'Copied to clipboard!'
   * toast (documentation page).
   */
  feedback?: 'indicator' | 'notice';
  /** Shows the label next to the icon. */
  text?: string;
}

/** A button that copies a value and says so. */
export function CopyButton({ value, label, feedback = 'indicator', text }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await copyText(value);
    } catch {
      showToast('Copying is blocked by the browser. Select the text and copy it instead.', 'error');
      return;
    }
    if (feedback === 'notice') return showToast(DEV_MSG.copiedToClipboard, 'success', COPIED_NOTICE_MS);
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_INDICATOR_MS);
  };
  return (
    <>
      <button
        type="button"
        className="w-btn w-btn--secondary w-btn--sm w-copy"
        aria-label={copied ? undefined : label}
        onClick={() => void copy()}
      >
        <Icon name={copied ? 'check' : 'copy'} size={16} />
        {copied ? DEV_MSG.copied : text}
      </button>
      <span className="w-sr-only" aria-live="polite">
        {copied ? DEV_MSG.copied : ''}
      </span>
    </>
  );
}
