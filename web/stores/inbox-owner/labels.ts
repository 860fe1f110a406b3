import { atom } from 'nanostores';
import { apiGet, apiPost, call } from '../../lib/api';
import { MSG } from '../../lib/messages';

/** A label of the account: the owner defines it, agents apply it to conversations (issue 42). */
export interface InboxLabel {
  id: number;
  name: string;
  color: string;
}

/** What the label form sends. */
export type LabelValues = Pick<InboxLabel, 'name' | 'color'>;

const PATH = '/api/live/labels';

/** The account's labels by name; null until loaded. */
export const $inboxLabels = atom<InboxLabel[] | null>(null);
/** The server's message after a failed load, else empty. */
export const $inboxLabelsError = atom('');

const sorted = (list: InboxLabel[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

/** Loads the labels (`GET /api/live/labels`). */
export async function loadInboxLabels(): Promise<void> {
  $inboxLabelsError.set('');
  try {
    $inboxLabels.set(sorted((await apiGet<{ data: InboxLabel[] }>(PATH)).data));
  } catch (e) {
    $inboxLabelsError.set(e instanceof Error && e.message ? e.message : MSG.loadFailed);
  }
}

/** Creates a label, or renames / recolours the one with `id`; throws the server's message when refused. */
export async function saveInboxLabel(values: LabelValues, id?: number): Promise<void> {
  const { data } = await apiPost<{ data: InboxLabel }>(id ? `${PATH}/${id}` : PATH, {
    name: values.name.trim(),
    color: values.color,
  });
  $inboxLabels.set(sorted([...($inboxLabels.get() ?? []).filter((l) => l.id !== data.id), data]));
}

/** Deletes a label (it leaves every conversation it was on); throws the server's message when refused. */
export async function deleteInboxLabel(id: number): Promise<void> {
  await call('DELETE', `${PATH}/${id}`);
  $inboxLabels.set(($inboxLabels.get() ?? []).filter((l) => l.id !== id));
}
