import { createServer } from 'node:http';
import type { PhoneRow } from '../../db/schema';
import type { ServiceCtx } from '../../src/services/context';
import { logApiCall } from '../../src/services/logs/write';
import { acceptMessage } from '../../src/services/messages/accept';
import type { SendMessageBody } from '../../src/shared/schemas/messaging/send';
import { requestScope } from '../../src/services/unit-of-work';
import { listening } from './support';

/**
 * The accept path's floor: a bare node:http server that does only what an accepted sendMessage must
 * do before its answer (parse the body, the accept service's checks and its message row, the API log
 * row, one group commit for both) with no framework, routing, auth, validation or log clipping. What
 * it reaches bounds what any accept path on this database and thread can reach.
 */
export async function acceptFloorServer(ctx: ServiceCtx, phone: PhoneRow) {
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text) as SendMessageBody;
      const scope = requestScope(ctx);
      acceptMessage(scope, phone, body)
        .then(async (accepted) => {
          const data = { success: true, data: { id: accepted.id, chat_id: accepted.chatId } };
          await logApiCall(scope, phone.pid, phone.id, false, { path: req.url, body, response: data });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(data));
        })
        .catch((err: unknown) => {
          res.writeHead(500);
          res.end(String(err));
        });
    });
  }).listen(0, '127.0.0.1');
  return { url: await listening(server), close: () => server.close() };
}
