import { dateTime } from '../../lib/clock';
import type { TeamMention } from '../../stores/inbox/team-types';

/** Where teammates mentioned this agent in a note, newest first; one opens its conversation. */
export function MentionsList({
  mentions,
  onOpen,
}: {
  mentions: TeamMention[];
  onOpen: (conversationId: string) => void;
}) {
  if (mentions.length === 0) return <p className="w-chat__empty">No mentions yet.</p>;
  return (
    <ul className="w-chat__history w-team__found" aria-label="Mentions">
      {mentions.map((m) => (
        <li key={m.id} className={m.read ? undefined : 'w-team__new'}>
          <button type="button" onClick={() => onOpen(m.conversationId)}>
            <strong>{m.byName || m.by}</strong> {m.text}
            <small>{dateTime(m.createdAt)}</small>
          </button>
        </li>
      ))}
    </ul>
  );
}
