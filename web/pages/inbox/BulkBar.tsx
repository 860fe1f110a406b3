import { Button } from '../../components/Button';
import type { TransferTarget } from '../../stores/inbox-extras';
import { SNOOZE_PRESETS, snoozeUntil, type SnoozePreset } from '../../stores/inbox/team-reducer';
import type { BulkAction, TeamLabel } from '../../stores/inbox/team-types';

export interface BulkBarProps {
  count: number;
  labels: TeamLabel[];
  targets: TransferTarget[];
  onAll: () => void;
  onClear: () => void;
  onRun: (action: BulkAction) => void;
}

/** Over the list while conversations are picked: close, assign, label or snooze them all at once. */
export function BulkBar({ count, labels, targets, onAll, onClear, onRun }: BulkBarProps) {
  if (count === 0) return null;
  return (
    <div className="w-team__bulk" role="toolbar" aria-label="Bulk actions">
      <strong>{count} selected</strong>
      <Button size="sm" variant="ghost" onClick={onAll}>
        All
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onRun({ action: 'close' })}>
        Close
      </Button>
      <select
        aria-label="Assign selected to"
        value=""
        onChange={(e) => {
          const t = targets.find((x) => String(x.id ?? 'owner') === e.target.value);
          if (t)
            onRun(t.owner || t.id === null ? { action: 'assign', to: 'owner' } : { action: 'assign', agentId: t.id });
        }}
      >
        <option value="">Assign to…</option>
        {targets.map((t) => (
          <option key={t.email} value={String(t.id ?? 'owner')}>
            {t.name || t.email}
          </option>
        ))}
      </select>
      <select
        aria-label="Label selected"
        value=""
        onChange={(e) => e.target.value && onRun({ action: 'label', labels: [e.target.value] })}
      >
        <option value="">Label…</option>
        {labels.map((l) => (
          <option key={l.name} value={l.name}>
            {l.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Snooze selected"
        value=""
        onChange={(e) =>
          e.target.value && onRun({ action: 'snooze', until: snoozeUntil(e.target.value as SnoozePreset, new Date()) })
        }
      >
        <option value="">Snooze…</option>
        {SNOOZE_PRESETS.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}
