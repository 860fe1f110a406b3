import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LIVE_MSG } from '../../../src/shared/live-messages';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { Tabs } from '../../components/Tabs';
import { $product } from '../../stores/product';
import { $liveError, $liveGroup, $liveList, $liveOpen, liveAction, loadInbox, openConversation, sendReply, showGroup, watchInbox, type LiveGroup } from '../../stores/live';
import './chat.css';

const GROUPS: { value: LiveGroup; label: string }[] = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'mine', label: 'Mine' },
  { value: 'taken', label: 'On/Operator' },
  { value: 'closed', label: 'Close' },
  { value: 'none', label: 'No Interaction' },
];

/** Without a live package: the placeholder with a way to the subscription page (2-phones §2.2). */
function LivePlaceholder({ trialUsed }: { trialUsed: boolean }) {
  return (
    <Card title="Live Chat" description="Answer your customers' WhatsApp messages together with your agents.">
      <Link href="/subscription" className={buttonClass('primary')}>
        {trialUsed ? 'Go to Subscription' : 'Start Free Trial'}
      </Link>
    </Card>
  );
}

function Conversation() {
  const open = useStore($liveOpen);
  const [text, setText] = useState('');
  if (!open) return <p className="w-chat__empty">Select a conversation.</p>;
  const c = open.conversation;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return void $liveError.set(LIVE_MSG.emptyMessage);
    void sendReply(c.id, text).then(() => setText(''));
  };
  return (
    <section className="w-chat__pane" aria-label={`Conversation with ${c.name}`}>
      <header className="w-chat__head">
        <strong>{c.name}</strong> {c.agent && <Badge tone="info">{c.agent}</Badge>}
        {c.state !== 'taken' && c.state !== 'closed' && <Button size="sm" onClick={() => void liveAction(c.id, 'take')}>Take</Button>}
        {c.state !== 'closed' && c.state !== 'none' && <Button size="sm" variant="secondary" onClick={() => void liveAction(c.id, 'close')}>Close</Button>}
        {c.state === 'closed' && <Button size="sm" variant="secondary" onClick={() => void liveAction(c.id, 'reopen')}>Reopen</Button>}
      </header>
      <ol className="w-chat__messages">
        {open.messages.map((m) => (
          <li key={m.id} className={m.fromMe ? 'w-chat__msg w-chat__msg--me' : 'w-chat__msg'}>
            {String((m as { text?: unknown }).text ?? (m as { caption?: unknown }).caption ?? `[${String((m as { type?: unknown }).type ?? 'message')}]`)}
            {m.fromMe && <span className="w-chat__tick">{(m as { ack?: number }).ack ? '✓✓' : '✓'}</span>}
          </li>
        ))}
      </ol>
      <form className="w-chat__composer" onSubmit={submit}>
        <input aria-label="Message" value={text} onChange={(e) => setText(e.target.value)} placeholder="Type a message" />
        <Button type="submit">Send</Button>
      </form>
    </section>
  );
}

function Inbox() {
  const group = useStore($liveGroup);
  const list = useStore($liveList);
  const error = useStore($liveError);
  useEffect(() => {
    void loadInbox();
    return watchInbox();
  }, []);
  const tabs = GROUPS.map((g) => ({ value: g.value, label: `${g.label} (${list?.groups[g.value].count ?? 0})` }));
  return (
    <div className="w-chat">
      {error && <Alert tone="error">{error}</Alert>}
      <Tabs label="Conversations" value={group} tabs={tabs} onChange={(g) => void showGroup(g)}>
        <div className="w-chat__body">
          <ul className="w-chat__list">
            {!list ? <Loader /> : list.data.map((c) => (
              <li key={c.id}>
                <button type="button" onClick={() => void openConversation(c.id)}>
                  <strong>{c.name}</strong> {c.unread > 0 && <Badge tone="warning">{c.unread}</Badge>}
                  <span>{c.lastMessage}</span>
                </button>
              </li>
            ))}
          </ul>
          <Conversation />
        </div>
      </Tabs>
    </div>
  );
}

/** /chat: the live-chat inbox for accounts with a live package (an agent limit), else the placeholder. */
export default function ChatPage() {
  const product = useStore($product);
  if (!product) return <Loader />;
  if (Number(product.settings.agent_limit ?? 0) <= 0) return <LivePlaceholder trialUsed={product.trial !== null} />;
  return <Inbox />;
}
