import { Badge } from '../../components/Badge';
import { Loader } from '../../components/Loader';
import { dateTime, listTime } from '../../lib/clock';
import type { InboxConversation, InboxGroup } from '../../stores/inbox';
import type { InboxFilter } from '../../stores/inbox/paths';
import { labelsOf, type TeamLabel } from '../../stores/inbox/team-types';
import { PriorityBadge } from './ConversationTools';
import { LabelChips } from './LabelChips';
import { lineLabel } from './line';

/** The inbox groups with their labels. */
const GROUPS: { value: InboxGroup; label: string }[] = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'mine', label: 'Mine' },
  { value: 'taken', label: 'On/Operator' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'closed', label: 'Close' },
  { value: 'none', label: 'No Interaction' },
];

type GroupCounts = Record<InboxGroup, { count: number; unread: number }>;

export interface ConversationListProps {
  group: InboxGroup;
  counts: GroupCounts | null;
  items: InboxConversation[] | null;
  query: string;
  openId?: string;
  onGroup: (g: InboxGroup) => void;
  onSearch: (q: string) => void;
  onOpen: (id: string) => void;
  /** The group has more conversations than the list shows. */
  hasMore?: boolean;
  onMore?: () => void;
  /** The team inbox: the label filter and order, the labels' colours, the bulk selection. */
  team?: {
    labels: TeamLabel[];
    filter: InboxFilter;
    onFilter: (f: Partial<InboxFilter>) => void;
    selected: string[];
    onSelect: (id: string) => void;
  };
}

/** The inbox's left pane: groups with counts and unread messages, search, filters, and the group's conversations. */
export function ConversationList({
  group,
  counts,
  items,
  query,
  openId,
  onGroup,
  onSearch,
  onOpen,
  hasMore,
  onMore,
  team,
}: ConversationListProps) {
  return (
    <nav className="w-chat__side" aria-label="Conversations">
      <div className="w-chat__groups" role="group" aria-label="Groups">
        {GROUPS.map((g) => (
          <button
            key={g.value}
            type="button"
            aria-pressed={g.value === group}
            className="w-chat__group"
            onClick={() => onGroup(g.value)}
          >
            {g.label} <span className="w-chat__count">{counts?.[g.value].count ?? 0}</span>
            {(counts?.[g.value].unread ?? 0) > 0 && <Badge tone="warning">{counts![g.value].unread}</Badge>}
          </button>
        ))}
      </div>
      <input
        className="w-chat__search"
        type="search"
        aria-label="Search conversations"
        placeholder="Search"
        value={query}
        onChange={(e) => onSearch(e.target.value)}
      />
      {team && (
        <div className="w-team__filters">
          <select
            aria-label="Label filter"
            value={team.filter.label}
            onChange={(e) => team.onFilter({ label: e.target.value })}
          >
            <option value="">All labels</option>
            {team.labels.map((l) => (
              <option key={l.name} value={l.name}>
                {l.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Sort"
            value={team.filter.sort}
            onChange={(e) => team.onFilter({ sort: e.target.value === 'priority' ? 'priority' : 'latest' })}
          >
            <option value="latest">Latest first</option>
            <option value="priority">Priority first</option>
          </select>
        </div>
      )}
      {!items ? (
        <Loader />
      ) : items.length === 0 ? (
        <p className="w-chat__empty">No conversations.</p>
      ) : (
        <ul className="w-chat__list">
          {items.map((c) => (
            <li key={c.id} className={team ? 'w-team__item' : undefined}>
              {team && (
                <input
                  type="checkbox"
                  className="w-team__pick"
                  aria-label={`Select ${c.name}`}
                  checked={team.selected.includes(c.id)}
                  onChange={() => team.onSelect(c.id)}
                />
              )}
              <button type="button" aria-current={c.id === openId || undefined} onClick={() => onOpen(c.id)}>
                <span className="w-chat__row">
                  <strong>{c.name}</strong>
                  <small title={dateTime(c.lastAt)}>{listTime(c.lastAt)}</small>
                </span>
                <span className="w-chat__row">
                  <span className="w-chat__last">{c.lastMessage}</span>
                  <PriorityBadge priority={c.priority} />
                  {c.unread > 0 && (
                    <Badge tone="warning" label={`${c.unread} unread`}>
                      {c.unread}
                    </Badge>
                  )}
                </span>
                <small className="w-chat__agent">
                  {c.number || c.chatId} · {lineLabel(c.line)}
                  {c.agent ? ` · ${c.agent}` : ''}
                </small>
                <LabelChips names={labelsOf(c)} labels={team?.labels ?? []} />
              </button>
            </li>
          ))}
          {hasMore && (
            <li>
              <button type="button" className="w-chat__more" onClick={onMore}>
                Load more
              </button>
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}
