import type { InboxConversation } from '../../stores/inbox';

/** The phone line as the inbox names it: its name and number, or its id before it is linked. */
export function lineLabel(line: InboxConversation['line']): string {
  const parts = [line.name.trim(), line.number].filter(Boolean);
  return parts.length ? parts.join(' · ') : `Phone ${line.phoneId}`;
}
