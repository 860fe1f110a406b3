import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import type { SearchHit, TeamMention } from '../../stores/inbox/team-types';
import { MentionsList } from './MentionsList';
import { SearchResults } from './SearchResults';

export interface TeamBarProps {
  hits: SearchHit[] | null;
  mentions: TeamMention[];
  unreadMentions: number;
  onSearch: (q: string) => void;
  /** The mentions list opened: its badge clears. */
  onSeeMentions: () => void;
  onOpen: (conversationId: string) => void;
  onHelp: () => void;
}

/** Above the inbox: the search across messages, contacts and notes, the mentions with their badge, the shortcuts' help. */
export function TeamBar({ hits, mentions, unreadMentions, onSearch, onSeeMentions, onOpen, onHelp }: TeamBarProps) {
  const [q, setQ] = useState('');
  const [showMentions, setShowMentions] = useState(false);
  const open = (id: string) => {
    setShowMentions(false);
    onOpen(id);
  };
  return (
    <div className="w-team__bar">
      <form
        className="w-team__search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(q);
        }}
      >
        <input
          type="search"
          aria-label="Search messages, contacts and notes"
          placeholder="Search messages, contacts and notes"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            if (!e.target.value) onSearch('');
          }}
        />
        <Button type="submit" size="sm" variant="secondary">
          Search
        </Button>
      </form>
      <Button
        size="sm"
        variant="secondary"
        aria-expanded={showMentions}
        onClick={() => {
          setShowMentions(!showMentions);
          if (!showMentions) onSeeMentions();
        }}
      >
        Mentions{' '}
        {unreadMentions > 0 && (
          <Badge tone="danger" label={`${unreadMentions} new mentions`}>
            {unreadMentions}
          </Badge>
        )}
      </Button>
      <Button size="sm" variant="ghost" aria-label="Keyboard shortcuts" onClick={onHelp}>
        ?
      </Button>
      {showMentions && (
        <section className="w-team__panel" aria-label="Your mentions">
          <MentionsList mentions={mentions} onOpen={open} />
        </section>
      )}
      {hits && (
        <section className="w-team__panel" aria-label="Search">
          <SearchResults hits={hits} onOpen={open} />
        </section>
      )}
    </div>
  );
}
