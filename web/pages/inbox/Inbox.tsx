import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { inbox } from '../../stores/inbox';
import {
  $canned,
  $inboxHistory,
  $inboxNotes,
  $transferTargets,
  addNote,
  loadInboxExtras,
  loadSide,
} from '../../stores/inbox-extras';
import { BulkBar } from './BulkBar';
import { CannedManager } from './CannedManager';
import { KeyboardHelp } from './KeyboardHelp';
import { neighbour, type ShortcutAction } from './shortcuts';
import { TeamBar } from './TeamBar';
import { focusShortcut, useInboxKeys } from './use-inbox-keys';
import { useTeamInbox } from './use-team-inbox';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';
import { notifyEnabled, notifyWaiting, setNotify } from './notify';
import './chat.css';
import './team.css';

const {
  $inboxError,
  $inboxGroup,
  $inboxHasMore,
  $inboxList,
  $inboxOpen,
  $inboxQuery,
  $inboxStream,
  closePane,
  inboxAction,
  loadMoreInbox,
  onMoreWaitingCount,
  openConversation,
  searchInbox,
  sendReply,
  showGroup,
  transferTo,
} = inbox;

/** The live-chat inbox (the console's /chat and the agent app's /live): list, conversation, live updates. */
export function Inbox() {
  const group = useStore($inboxGroup);
  const list = useStore($inboxList);
  const hasMore = useStore($inboxHasMore);
  const open = useStore($inboxOpen);
  const query = useStore($inboxQuery);
  const error = useStore($inboxError);
  const canned = useStore($canned);
  const targets = useStore($transferTargets);
  const notes = useStore($inboxNotes);
  const history = useStore($inboxHistory);
  const [notify, setNotifyState] = useState(notifyEnabled);
  const [managing, setManaging] = useState(false);
  const openId = open?.conversation.id;
  // Subscribing opens the inbox's event stream (the store's onMount loads the list and follows it).
  useStore($inboxStream);
  useEffect(() => {
    void loadInboxExtras();
    return onMoreWaitingCount(notifyWaiting);
  }, []);
  // The side panel loads when another conversation opens, not on every message.
  useEffect(() => {
    const current = $inboxOpen.get();
    if (current) void loadSide(current.conversation);
  }, [openId]);
  const ids = list?.data.map((c) => c.id) ?? [];
  const team = useTeamInbox(open, targets, ids);
  useInboxKeys((action: ShortcutAction) => {
    if (action === 'help') return team.setHelp(true);
    if (action === 'next' || action === 'previous') {
      const to = neighbour(ids, openId, action === 'next' ? 1 : -1);
      return void (to && openConversation(to));
    }
    if (!open) return;
    const c = open.conversation;
    if (action === 'close' && (c.mine || c.state === 'waiting')) return void inboxAction(c.id, 'close');
    if (action === 'assign' && !c.mine && c.state !== 'closed') return void inboxAction(c.id, 'take');
    focusShortcut(action);
  });
  return (
    <div className={open ? 'w-chat w-chat--open' : 'w-chat'}>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="w-chat__tools">
        <Checkbox
          label="Notify me of new waiting conversations (with a sound)"
          checked={notify}
          onChange={(on) => void setNotify(on).then(setNotifyState)}
        />
        <Button variant="secondary" size="sm" onClick={() => setManaging(true)}>
          Canned replies
        </Button>
      </div>
      <CannedManager open={managing} canned={canned} onClose={() => setManaging(false)} />
      <KeyboardHelp open={team.help} onClose={() => team.setHelp(false)} />
      <TeamBar {...team.bar} />
      <BulkBar {...team.bulk} />
      <div className="w-chat__body">
        <ConversationList
          group={group}
          counts={list?.groups ?? null}
          items={list?.data ?? null}
          query={query}
          openId={openId}
          onGroup={(g) => void showGroup(g)}
          onSearch={(q) => void searchInbox(q)}
          onOpen={(id) => void openConversation(id)}
          hasMore={hasMore}
          onMore={() => void loadMoreInbox()}
          team={team.list}
        />
        {open ? (
          <ConversationView
            open={open}
            canned={canned}
            targets={targets}
            notes={notes}
            history={history}
            onAction={(a) => void inboxAction(open.conversation.id, a)}
            onTransfer={(to) =>
              void transferTo(open.conversation.id, to.owner || to.id === null ? { to: 'owner' } : { agentId: to.id })
            }
            onSend={(reply) => sendReply(open.conversation.id, reply)}
            onNote={(text) => addNote(open.conversation.id, text)}
            onOpen={(id) => void openConversation(id)}
            onBack={closePane}
            team={team.view}
          />
        ) : (
          <p className="w-chat__empty w-chat__placeholder">Select a conversation.</p>
        )}
      </div>
    </div>
  );
}
