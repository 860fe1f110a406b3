import { useState } from 'react';
import { Badge, Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { DEV_MSG } from '../../lib/dev-messages';
import { digitsOf, formatUtc } from '../../lib/developers';
import type { Conversation } from '../../stores/phone-chat';

export interface ConversationListProps {
  conversations: readonly Conversation[] | null;
  selectedId: string | null;
  onSelect: (c: { id: string; name: string }) => void;
}

/** Conversations, latest first, and a field that opens a chat with any number. */
export function ConversationList({ conversations, selectedId, onSelect }: ConversationListProps) {
  const [number, setNumber] = useState('');
  const digits = digitsOf(number);
  return (
    <div className="w-convs">
      <form
        className="w-convs__new"
        onSubmit={(e) => {
          e.preventDefault();
          if (!digits) return;
          onSelect({ id: `${digits}@c.us`, name: `+${digits}` });
          setNumber('');
        }}
      >
        <label className="w-sr-only" htmlFor="w-new-chat">
          New chat with number
        </label>
        <input
          id="w-new-chat"
          className="w-input"
          inputMode="tel"
          placeholder="Start a chat: number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <Button type="submit" size="sm" variant="secondary" disabled={!digits}>
          Open
        </Button>
      </form>
      {conversations === null ? (
        <p className="w-muted w-convs__empty">Loading conversations…</p>
      ) : conversations.length === 0 ? (
        <p className="w-muted w-convs__empty">{DEV_MSG.noConversations}</p>
      ) : (
        <ul className="w-convs__list" aria-label="Conversations">
          {conversations.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="w-convs__item"
                aria-current={c.id === selectedId || undefined}
                onClick={() => onSelect({ id: c.id, name: c.name })}
              >
                <span className="w-convs__name">
                  {c.name}
                  {c.type === 'group' && <span className="w-muted"> · group</span>}
                </span>
                {/* Ban protection holds its messages until a budget frees. */}
                {c.held && <Chip tone="warning">Held</Chip>}
                {c.unreadCount > 0 && (
                  <Badge tone="success" label={`${c.unreadCount} unread`}>
                    {c.unreadCount}
                  </Badge>
                )}
                <span className="w-convs__last">{c.lastMessage || ' '}</span>
                <span className="w-convs__time">{formatUtc(c.timestamp)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
