import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { inbox, type InboxOpen } from '../../stores/inbox';
import type { TransferTarget } from '../../stores/inbox-extras';
import {
  $searchHits,
  $selected,
  $team,
  applyLabels,
  loadContact,
  markUnread,
  openFound,
  runBulk,
  saveContact,
  searchAll,
  seeMentions,
  selectAll,
  setPriority,
  snooze,
  toggleSelected,
  watchTeam,
} from '../../stores/inbox/team';
import type { ContactEdit } from '../../stores/inbox/team-types';

const { $inboxFilter, filterInbox } = inbox;

/**
 * The team inbox's parts of the page (issue 42), as the props of the list, the conversation, the
 * bar above them and the bulk bar: follows the team events while the page is on screen, and reads
 * the contact when another conversation opens (and when it closes or opens again).
 */
export function useTeamInbox(open: InboxOpen | null, targets: TransferTarget[], listIds: string[]) {
  const team = useStore($team);
  const filter = useStore($inboxFilter);
  const selected = useStore($selected);
  const hits = useStore($searchHits);
  const [help, setHelp] = useState(false);
  useEffect(watchTeam, []);
  const chatId = open?.conversation.chatId;
  // Read again when the conversation closes or opens again: its past conversations change.
  const closed = open?.conversation.state === 'closed';
  useEffect(() => {
    if (chatId) void loadContact(chatId);
  }, [chatId, closed]);
  const id = open?.conversation.id ?? '';
  const onSaveContact = (edit: ContactEdit) =>
    chatId
      ? saveContact(chatId, edit).then(
          () => '',
          (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err)),
        )
      : Promise.resolve('');
  return {
    help,
    setHelp,
    list: {
      labels: team.labels,
      filter,
      onFilter: (f: Parameters<typeof filterInbox>[0]) => void filterInbox(f),
      selected,
      onSelect: toggleSelected,
    },
    view: {
      labels: team.labels,
      onLabels: (names: string[]) => void applyLabels(id, names),
      onSnooze: (until: number) => void snooze(id, until),
      onPriority: (p: string) => void setPriority(id, p),
      onUnread: () => void markUnread(id),
      contact: team.contact,
      people: targets.map((t) => ({ name: t.name, email: t.email })),
      onSaveContact,
    },
    bar: {
      hits,
      mentions: team.mentions,
      unreadMentions: team.unreadMentions,
      onSearch: (q: string) => void searchAll(q),
      onSeeMentions: seeMentions,
      onOpen: (cid: string) => void openFound(cid),
      onHelp: () => setHelp(true),
    },
    bulk: {
      count: selected.length,
      labels: team.labels,
      targets,
      onAll: () => selectAll(listIds),
      onClear: () => selectAll([]),
      onRun: (a: Parameters<typeof runBulk>[0]) => void runBulk(a),
    },
  };
}
