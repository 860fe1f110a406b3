import { useCallback, useEffect, useState } from 'react';
import { DEV_MSG } from '../../lib/dev-messages';
import { conversationMessages, listConversations, sendText, type ChatMessage, type Conversation } from '../../lib/developer-api';
import { useInterval } from '../../lib/use-timers';
import { ChatPane } from './ChatPane';
import { ConversationList } from './ConversationList';

/** New messages of the open chat are fetched this often (ours: the spec says "every few seconds"). */
export const MESSAGES_POLL_MS = 3_000;
/** The conversation list is refreshed this often (ours). */
export const CONVERSATIONS_POLL_MS = 10_000;

/** The conversation list and the chat pane of a phone, kept fresh by polling. */
export function ChatPanel({ phoneId }: { phoneId: number }) {
  const [conversations, setConversations] = useState<Conversation[] | null>(null);
  const [chat, setChat] = useState<{ id: string; name: string } | null>(null);
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [error, setError] = useState('');

  const loadConversations = useCallback(async () => {
    try {
      setConversations(await listConversations(phoneId));
    } catch (e) {
      console.warn('conversations', e);
      setConversations((c) => c ?? []);
    }
  }, [phoneId]);
  const loadMessages = useCallback(async () => {
    if (!chat) return;
    try {
      const data = await conversationMessages(phoneId, chat.id);
      setMessages(data.messages);
      setError('');
    } catch {
      setError(DEV_MSG.messagesLoadFailed);
    }
  }, [phoneId, chat]);

  useEffect(() => void loadConversations(), [loadConversations]);
  useEffect(() => {
    setMessages(null);
    setError('');
    void loadMessages();
  }, [loadMessages]);
  useInterval(() => void loadConversations(), CONVERSATIONS_POLL_MS);
  useInterval(() => void loadMessages(), chat ? MESSAGES_POLL_MS : null);

  const send = async (text: string) => {
    if (!chat) return;
    await sendText(phoneId, chat.id, text);
    await Promise.all([loadMessages(), loadConversations()]);
  };

  return (
    <section className="w-card w-pd-chat" aria-label="Conversations" data-open={chat ? 'chat' : 'list'}>
      <ConversationList conversations={conversations} selectedId={chat?.id ?? null} onSelect={(c) => setChat((cur) => (cur?.id === c.id ? cur : c))} />
      {chat ? (
        <ChatPane
          title={chat.name}
          chatId={chat.id}
          messages={messages}
          error={error}
          onRetry={() => void loadMessages()}
          onSend={send}
          onBack={() => setChat(null)}
        />
      ) : (
        <p className="w-chat w-chat__state w-muted w-pd-chat__pick">{DEV_MSG.pickConversation}</p>
      )}
    </section>
  );
}
