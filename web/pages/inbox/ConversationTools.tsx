import { useState } from 'react';
import { Badge } from '../../components/Badge';
import type { InboxConversation } from '../../stores/inbox';
import { SNOOZE_PRESETS, snoozeUntil } from '../../stores/inbox/team-reducer';
import { labelsOf, PRIORITIES, type TeamLabel } from '../../stores/inbox/team-types';
import { LabelPicker } from './LabelChips';

export interface ConversationToolsProps {
  conversation: InboxConversation;
  labels: TeamLabel[];
  onLabels: (names: string[]) => void;
  onSnooze: (until: number) => void;
  onPriority: (priority: string) => void;
  onUnread: () => void;
}

const TONE = { none: 'neutral', low: 'neutral', medium: 'info', high: 'warning', urgent: 'danger' } as const;

/** A conversation's priority as a badge; nothing for none. */
export function PriorityBadge({ priority }: { priority: InboxConversation['priority'] }) {
  if (priority === 'none') return null;
  return (
    <Badge tone={TONE[priority]} label={`Priority ${priority}`}>
      {priority}
    </Badge>
  );
}

/** The snooze menu: the presets (1 hour, tomorrow 9:00, next week) and a custom time. */
export function SnoozeMenu({ onSnooze }: { onSnooze: (until: number) => void }) {
  const [custom, setCustom] = useState('');
  return (
    <details className="w-team__menu" data-shortcut="snooze">
      <summary>Snooze</summary>
      <div className="w-team__pop" role="group" aria-label="Snooze until">
        {SNOOZE_PRESETS.map((p) => (
          <button key={p.value} type="button" onClick={() => onSnooze(snoozeUntil(p.value, new Date()))}>
            {p.label}
          </button>
        ))}
        <label className="w-team__custom">
          Custom
          <input type="datetime-local" value={custom} onChange={(e) => setCustom(e.target.value)} />
        </label>
        <button
          type="button"
          disabled={!custom || Number.isNaN(new Date(custom).getTime())}
          onClick={() => onSnooze(new Date(custom).getTime())}
        >
          Snooze until then
        </button>
      </div>
    </details>
  );
}

/** Beside the conversation's name: labels, priority, snooze and mark unread. */
export function ConversationTools({
  conversation: c,
  labels,
  onLabels,
  onSnooze,
  onPriority,
  onUnread,
}: ConversationToolsProps) {
  return (
    <div className="w-team__tools">
      <LabelPicker labels={labels} applied={labelsOf(c)} onApply={onLabels} />
      <select aria-label="Priority" value={c.priority} onChange={(e) => onPriority(e.target.value)}>
        {PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {p === 'none' ? 'No priority' : `Priority: ${p}`}
          </option>
        ))}
      </select>
      {c.state !== 'closed' && <SnoozeMenu onSnooze={onSnooze} />}
      <button type="button" className="w-team__link" onClick={onUnread}>
        Mark unread
      </button>
    </div>
  );
}
