import type { OpenApiDocument, OpenApiOperation } from '../../stores/developers/docs';

/** The tag of the Instagram calls in the messaging API's document (TAGS.instagram on the server). */
const INSTAGRAM_TAG = 'Instagram Accounts';

/** The WhatsApp calls an Instagram account uses too: its listing, status, direct messages and controls. */
const SHARED_CALLS = [
  '/listPhones',
  '/{phone_id}/status',
  '/{phone_id}/sendMessage',
  '/{phone_id}/logout',
  '/{phone_id}/delete',
  '/{phone_id}/enable',
];

export interface DocOperation {
  method: string;
  path: string;
  op: OpenApiOperation;
  examples: Record<string, unknown>;
}

/** The operations the Instagram documentation shows, from the document: the Instagram calls first, then the shared ones. */
export function instagramOperations(doc: OpenApiDocument): { own: DocOperation[]; shared: DocOperation[] } {
  const own: DocOperation[] = [];
  const shared: DocOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const examples = Object.fromEntries(
        Object.entries(op.requestBody?.content?.['application/json']?.examples ?? {}).map(([k, e]) => [k, e.value]),
      );
      const entry = { method: method.toUpperCase(), path, op, examples };
      if (op.tags?.includes(INSTAGRAM_TAG)) own.push(entry);
      else if (SHARED_CALLS.includes(path)) shared.push(entry);
    }
  }
  shared.sort((a, b) => SHARED_CALLS.indexOf(a.path) - SHARED_CALLS.indexOf(b.path));
  return { own, shared };
}
