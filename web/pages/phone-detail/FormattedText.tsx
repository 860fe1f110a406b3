import type { ReactNode } from 'react';
import { parseFormatting, type Span } from '../../lib/wa-format';

function render(spans: readonly Span[]): ReactNode[] {
  return spans.map((s, i) => {
    if (typeof s === 'string') return s;
    if ('link' in s) {
      return (
        <a key={i} href={s.link} target="_blank" rel="noopener noreferrer nofollow">
          {s.link}
        </a>
      );
    }
    const inner = render(s.children);
    if (s.style === 'bold') return <strong key={i}>{inner}</strong>;
    if (s.style === 'italic') return <em key={i}>{inner}</em>;
    if (s.style === 'strike') return <s key={i}>{inner}</s>;
    return <code key={i}>{inner}</code>;
  });
}

/** A message text with WhatsApp's formatting as elements: the text itself is never read as HTML. */
export function FormattedText({ text, className = 'w-msg__text' }: { text: string; className?: string }) {
  return <p className={className}>{render(parseFormatting(text))}</p>;
}
