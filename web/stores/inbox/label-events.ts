import type { InboxConversation, InboxOpen, ListView, Shared } from './types';

/*
 * What the inbox's label events do to the rows on screen (issue 42), pure like the reducer: a label
 * renamed shows its new name on every row carrying it, a deleted one leaves them; a conversation
 * event from before labels (no `labels`) keeps the labels the row had.
 */

/** The rows of the inbox's state (reducer.ts) these events change. */
interface Rows {
  list: ListView | null;
  counted: ReadonlyMap<string, InboxConversation>;
  open: InboxOpen | null;
}

/** The `labels` event's data: a label definition changed. */
interface LabelChange {
  event: 'label_created' | 'label_updated' | 'label_deleted';
  label: { id: number; name: string; color: string };
  /** The old name of a renamed label. */
  was?: string;
}

/** A row's labels after the change (the same array when it does not carry the label). */
function relabel(labels: readonly string[], change: LabelChange): string[] {
  const old = change.event === 'label_updated' ? (change.was ?? change.label.name) : change.label.name;
  if (change.event === 'label_created' || !labels.includes(old)) return labels as string[];
  const rest = labels.filter((l) => l !== old);
  return change.event === 'label_deleted' ? rest : [...rest, change.label.name].sort();
}

function rowRelabelled<T extends Pick<InboxConversation, 'labels'>>(row: T, change: LabelChange): T {
  const labels = relabel(row.labels ?? [], change);
  return labels === row.labels ? row : { ...row, labels };
}

/** Applies a label definition's change to the list, the counted rows and the open conversation. */
export function applyLabelChange<S extends Rows>(state: S, data: Record<string, unknown>): S {
  const change = data as unknown as LabelChange;
  if (!change.label || change.event === 'label_created') return state;
  const list = state.list && { ...state.list, data: state.list.data.map((r) => rowRelabelled(r, change)) };
  const counted = new Map([...state.counted].map(([id, r]) => [id, rowRelabelled(r, change)]));
  const open = state.open && { ...state.open, conversation: rowRelabelled(state.open.conversation, change) };
  return { ...state, list, counted, open };
}

/** An event's row with the labels the inbox held for it when the event carries none (an event from before labels). */
export function keepLabels(state: Rows, row: Shared): Shared {
  if (Array.isArray(row.labels)) return row;
  const held = state.counted.get(row.id) ?? (state.open?.conversation.id === row.id ? state.open.conversation : null);
  return { ...row, labels: held?.labels ?? [] };
}
