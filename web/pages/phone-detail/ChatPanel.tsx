import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { DEV_MSG } from '../../lib/dev-messages';
import {
  $chat,
  $chatPhone,
  $chatStream,
  $conversations,
  $messages,
  $messagesError,
  closeChat,
  loadMessages,
  openChat,
  sendChatText,
} from '../../stores/phone-chat';
import { ChatPane } from './ChatPane';
import { ConversationList } from './ConversationList';

/** The conversation list and the chat pane of a phone, kept fresh by the phone's chat stream. */
export function ChatPanel({ phoneId }: { phoneId: number }) {
  const conversations = useStore($conversations);
  const chat = useStore($chat);
  const messages = useStore($messages);
  const error = useStore($messagesError);
  // The phone first, then the subscription: the stream's onMount opens the stream of this phone.
  useEffect(() => {
    $chatPhone.set(phoneId);
    return () => $chatPhone.set(0);
  }, [phoneId]);
  useStore($chatStream);

  return (
    <section className="w-card w-pd-chat" aria-label="Conversations" data-open={chat ? 'chat' : 'list'}>
      <ConversationList conversations={conversations} selectedId={chat?.id ?? null} onSelect={openChat} />
      {chat ? (
        <ChatPane
          title={chat.name}
          chatId={chat.id}
          messages={messages}
          error={error}
          onRetry={() => void loadMessages()}
          onSend={sendChatText}
          onBack={closeChat}
        />
      ) : (
        <p className="w-chat w-chat__state w-muted w-pd-chat__pick">{DEV_MSG.pickConversation}</p>
      )}
    </section>
  );
}
