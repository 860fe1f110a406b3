import type { TeamLabel } from '../../stores/inbox/team-types';

/** A label's colour as the owner chose it, or a grey when the label is unknown or its colour is not a #hex. */
const colourOf = (labels: TeamLabel[], name: string) => {
  const c = labels.find((l) => l.name === name)?.color ?? '';
  return /^#[0-9a-f]{3,8}$/i.test(c) ? c : '#94a3b8';
};

/** A conversation's labels as small chips with their colour dot. */
export function LabelChips({ names, labels }: { names: string[]; labels: TeamLabel[] }) {
  if (names.length === 0) return null;
  return (
    <span className="w-team__chips" aria-label="Labels">
      {names.map((n) => (
        <span key={n} className="w-team__chip">
          <span className="w-team__dot" style={{ background: colourOf(labels, n) }} aria-hidden="true" />
          {n}
        </span>
      ))}
    </span>
  );
}

/** Applies labels to a conversation: the account's labels as checkboxes in a drop-down. */
export function LabelPicker({
  labels,
  applied,
  onApply,
}: {
  labels: TeamLabel[];
  applied: string[];
  onApply: (names: string[]) => void;
}) {
  return (
    <details className="w-team__menu" data-shortcut="label">
      <summary>Labels</summary>
      <div className="w-team__pop" role="group" aria-label="Apply labels">
        {labels.length === 0 && <p className="w-chat__empty">No labels yet: the account owner adds them.</p>}
        {labels.map((l) => (
          <label key={l.name} className="w-team__check">
            <input
              type="checkbox"
              checked={applied.includes(l.name)}
              onChange={(e) => onApply(e.target.checked ? [...applied, l.name] : applied.filter((n) => n !== l.name))}
            />
            <span className="w-team__dot" style={{ background: colourOf(labels, l.name) }} aria-hidden="true" />
            {l.name}
          </label>
        ))}
      </div>
    </details>
  );
}
