import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import type { InboxOpen, InboxReply } from '../../stores/inbox';
import type { CannedReply, InboxNote, TransferTarget } from '../../stores/inbox-extras';
import type { InboxConversation } from '../../stores/inbox';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { ConversationTools, PriorityBadge, type ConversationToolsProps } from './ConversationTools';
import { LabelChips } from './LabelChips';
import { lineLabel } from './line';
import { SidePanel, type SidePanelProps } from './SidePanel';
import { dateTime } from '../../lib/clock';
import { labelsOf } from '../../stores/inbox/team-types';

const targetKey = (t: TransferTarget) => (t.owner ? 'owner' : String(t.id));

export interface ConversationViewProps {
  open: InboxOpen;
  canned: CannedReply[];
  targets: TransferTarget[];
  notes: InboxNote[];
  history: InboxConversation[];
  onAction: (action: 'take' | 'close' | 'reopen') => void;
  onTransfer: (to: TransferTarget) => void;
  onSend: (reply: InboxReply) => Promise<boolean>;
  onNote: (text: string) => Promise<void>;
  onOpen: (id: string) => void;
  onBack: () => void;
  /** The team inbox's controls (labels, priority, snooze, unread) and side panel parts; absent: none shown. */
  team?: Omit<ConversationToolsProps, 'conversation'> & Pick<SidePanelProps, 'contact' | 'people' | 'onSaveContact'>;
}

/** One conversation: who holds it, take / transfer / close / reopen, the messages, the composer and the side panel. */
export function ConversationView({
  open,
  canned,
  targets,
  notes,
  history,
  onAction,
  onTransfer,
  onSend,
  onNote,
  onOpen,
  onBack,
  team,
}: ConversationViewProps) {
  const c = open.conversation;
  const others = targets.filter((t) => t.email !== c.agent);
  return (
    <div className="w-chat__conv">
      <section className="w-chat__pane" aria-label={`Conversation with ${c.name}`}>
        <header className="w-chat__head">
          <Button size="sm" variant="ghost" className="w-chat__back" onClick={onBack}>
            ← Back
          </Button>
          <span className="w-chat__who">
            <strong className="w-chat__name">{c.name}</strong>
            <small className="w-chat__number">
              {c.number || c.chatId} · {lineLabel(c.line)}
            </small>
            <LabelChips names={labelsOf(c)} labels={team?.labels ?? []} />
          </span>
          <PriorityBadge priority={c.priority} />
          {c.state === 'snoozed' && c.snoozedUntil && (
            <Badge tone="neutral">Snoozed until {dateTime(c.snoozedUntil)}</Badge>
          )}
          {c.agent && <Badge tone={c.mine ? 'success' : 'info'}>{c.agent}</Badge>}
          {!c.mine && c.state !== 'closed' && (
            <Button size="sm" data-shortcut="assign" onClick={() => onAction('take')}>
              Take
            </Button>
          )}
          {c.mine && others.length > 0 && (
            <select
              aria-label="Transfer to"
              data-shortcut="assign"
              value=""
              onChange={(e) => {
                const to = others.find((t) => targetKey(t) === e.target.value);
                if (to) onTransfer(to);
              }}
            >
              <option value="">Transfer to…</option>
              {others.map((t) => (
                <option key={targetKey(t)} value={targetKey(t)}>
                  {t.owner ? `${t.name || t.email} (owner)` : t.name || t.email}
                </option>
              ))}
            </select>
          )}
          {(c.mine || c.state === 'waiting') && (
            <Button size="sm" variant="secondary" onClick={() => onAction('close')}>
              Close
            </Button>
          )}
          {c.state === 'closed' && (
            <Button size="sm" variant="secondary" onClick={() => onAction('reopen')}>
              Reopen
            </Button>
          )}
        </header>
        {team && <ConversationTools conversation={c} {...team} />}
        <MessageList messages={open.messages} />
        <Composer canned={canned} disabled={c.state === 'closed' || (c.state === 'taken' && !c.mine)} onSend={onSend} />
      </section>
      <SidePanel
        conversation={c}
        notes={notes}
        history={history}
        onNote={onNote}
        onOpen={onOpen}
        contact={team?.contact}
        labels={team?.labels}
        people={team?.people}
        onSaveContact={team?.onSaveContact}
      />
    </div>
  );
}
