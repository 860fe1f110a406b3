import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Icon } from '../../components/Icon';
import { fillVariables, messageTexts, type AudienceEntry, type CampaignMessage } from '../../lib/campaigns';

/** How many of the first recipients the preview steps through. */
const PREVIEW_MAX = 20;

/** The message as one recipient gets it: variables filled in, missing ones flagged. */
function rendered(m: CampaignMessage, r: AudienceEntry): { lines: [string, string][]; missing: string[] } {
  const texts = messageTexts(m);
  const labels =
    m.type === 'text'
      ? ['Message']
      : m.type === 'media'
        ? ['Media', 'Caption']
        : texts.map((_, i) => `Parameter ${i + 1}`);
  const missing = new Set<string>();
  const lines = texts.flatMap((t, i): [string, string][] => {
    if (!t) return [];
    const f = fillVariables(t, r.variables);
    f.missing.forEach((n) => missing.add(n));
    return [[labels[i] ?? '', f.text]];
  });
  if (m.type === 'template') lines.unshift(['Template', `${m.template.name} (${m.template.language})`]);
  return { lines, missing: [...missing] };
}

/** Steps through the first recipients with the message as each will get it. */
export function RecipientPreview({
  message,
  audience,
}: {
  message: CampaignMessage;
  audience: readonly AudienceEntry[];
}) {
  const [at, setAt] = useState(0);
  const list = audience.slice(0, PREVIEW_MAX);
  if (list.length === 0) return <p className="w-muted">The preview shows once the audience has recipients.</p>;
  const i = Math.min(at, list.length - 1);
  const r = list[i]!;
  const { lines, missing } = rendered(message, r);
  return (
    <section className="w-campaign-preview" aria-label="Message preview">
      <div className="w-campaigns__bar">
        <strong>
          Recipient {i + 1} of {list.length}
          {audience.length > list.length ? ` (first ${PREVIEW_MAX} of ${audience.length})` : ''}: {r.number}
        </strong>
        <span className="w-pager__controls">
          <button
            type="button"
            className="w-icon-btn w-pager__prev"
            aria-label="Previous recipient"
            disabled={i === 0}
            onClick={() => setAt(i - 1)}
          >
            <Icon name="chevron" size={18} />
          </button>
          <button
            type="button"
            className="w-icon-btn w-pager__next"
            aria-label="Next recipient"
            disabled={i >= list.length - 1}
            onClick={() => setAt(i + 1)}
          >
            <Icon name="chevron" size={18} />
          </button>
        </span>
      </div>
      <dl className="w-campaign-preview__bubble">
        {lines.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {missing.length > 0 && (
        <Alert tone="warning">This recipient has no value for {missing.map((n) => `{{${n}}}`).join(', ')}.</Alert>
      )}
    </section>
  );
}
