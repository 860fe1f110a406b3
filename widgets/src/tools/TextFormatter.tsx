import { useRef, useState, type ReactNode } from 'react';
import { MARKERS, parseFormatting, wrapSelection, type FormatStyle, type Segment } from './text-format.js';
import { ToolRoot } from './ui.js';

const BUTTONS: [FormatStyle, string][] = [
  ['bold', 'Bold'],
  ['italic', 'Italic'],
  ['strikethrough', 'Strikethrough'],
  ['monospace', 'Monospace'],
];

function Styled({ segment }: { segment: Segment }) {
  return segment.styles.reduce<ReactNode>((inner, style) => {
    if (style === 'bold') return <strong>{inner}</strong>;
    if (style === 'italic') return <em>{inner}</em>;
    if (style === 'strikethrough') return <s>{inner}</s>;
    return <code>{inner}</code>;
  }, segment.text);
}

/** The WhatsApp text formatter: wraps the selection in markers and previews the result. */
export function TextFormatter() {
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<Segment[] | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const apply = (style: FormatStyle) => {
    const el = area.current!;
    const next = wrapSelection(text, el.selectionStart, el.selectionEnd, style);
    setText(next.text);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <ToolRoot name="whatsapp-text-formatter">
      <div className="wt-row" role="toolbar" aria-label="Formatting">
        {BUTTONS.map(([style, label]) => (
          <button key={style} type="button" className="wt-quiet" onClick={() => apply(style)}>
            {label}
          </button>
        ))}
      </div>
      <label className="wt-field">
        <span>Your text</span>
        <textarea ref={area} value={text} onChange={(e) => setText(e.target.value)} rows={5} />
      </label>
      <div className="wt-row">
        <button type="button" disabled={!text.trim()} onClick={() => setPreview(parseFormatting(text))}>
          Format Text
        </button>
      </div>
      {preview && (
        <div className="wt-preview" aria-label="Formatted preview">
          {preview.map((s, i) => (
            <Styled key={i} segment={s} />
          ))}
        </div>
      )}
      <div>
        <strong>Formatting guide</strong>
        <ul>
          <li>
            Bold: {MARKERS.bold}text{MARKERS.bold}
          </li>
          <li>
            Italic: {MARKERS.italic}text{MARKERS.italic}
          </li>
          <li>
            Strikethrough: {MARKERS.strikethrough}text{MARKERS.strikethrough}
          </li>
          <li>
            Monospace: {MARKERS.monospace}text{MARKERS.monospace}
          </li>
        </ul>
      </div>
    </ToolRoot>
  );
}
