import { dateTime } from '../../lib/clock';
import type { SearchHit } from '../../stores/inbox/team-types';

const KIND = { message: 'Message', contact: 'Contact', note: 'Note' } as const;

/** The search's matches across messages, contacts and notes; one opens its conversation. */
export function SearchResults({ hits, onOpen }: { hits: SearchHit[]; onOpen: (conversationId: string) => void }) {
  if (hits.length === 0) return <p className="w-chat__empty">Nothing found.</p>;
  return (
    <ul className="w-chat__history w-team__found" aria-label="Search results">
      {hits.map((h, i) => (
        <li key={`${h.kind}:${h.conversation.id}:${i}`}>
          <button type="button" onClick={() => onOpen(h.conversation.id)}>
            <small className="w-team__kind">{KIND[h.kind] ?? h.kind}</small> <strong>{h.conversation.name}</strong>{' '}
            {h.snippet}
            {h.at > 0 && <small>{dateTime(h.at)}</small>}
          </button>
        </li>
      ))}
    </ul>
  );
}
