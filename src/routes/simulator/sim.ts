import type { AppContext } from '../../env';
import { productByToken, TOKEN_HEADERS } from '../../middleware/api-token';
import { payload } from '../../middleware/payload';
import { simAvatar } from '../../services/simulator/avatar';
import { enterPairingCode, injectFault, receiveMessage, scanQr, simPhone } from '../../services/simulator/controls';
import {
  simFaultBody,
  simIncomingBody,
  simPairBody,
  simScanBody,
  simIncomingAnswer,
  simLinked,
  simAvatarParams,
} from '../../shared/schemas/simulator';
import { justSuccess } from '../../shared/schemas/common';
import { BY_TOKEN, CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, binary, body, ok, routes } from '../kit/declare';

/**
 * Whose phones the caller may act on: anyone's in development, otherwise only those of the product
 * whose token it sends (null: none).
 */
async function owner(c: AppContext): Promise<string | null | undefined> {
  if (c.get('deps').config.dev) return undefined;
  const token = c.req.header(TOKEN_HEADERS[0]) ?? c.req.header(TOKEN_HEADERS[1]) ?? c.req.query('token');
  return token && token.length <= 200 ? ((await productByToken(c.get('ctx'), token))?.id ?? null) : null;
}

const control = <S extends Parameters<typeof body>[0], R extends ReturnType<typeof ok>>(
  path: string,
  summary: string,
  schema: S,
  responses: R,
) =>
  endpoint('post', path, CONSOLE_TAGS.simulator, summary, { body: body(schema) }, responses, {
    description: "Outside development, only with the phone's product token.",
    security: BY_TOKEN,
    middleware: [payload()] as const,
  });

const scan = control('/scan', 'Scan the QR code a simulated phone shows (links it)', simScanBody, ok(simLinked));
const pair = control('/pair', "Enter a pairing code on a simulated phone's handset", simPairBody, ok(simLinked));
const incoming = control(
  '/incoming',
  'A simulated contact writes to the phone',
  simIncomingBody,
  ok(simIncomingAnswer),
);
const fault = control('/fault', 'Make the simulated network misbehave for a phone', simFaultBody, ok(justSuccess));
const avatar = endpoint(
  'get',
  '/avatar/:file{[0-9]{6,15}\\.png}',
  CONSOLE_TAGS.simulator,
  'The profile picture of a simulated contact',
  {
    params: simAvatarParams,
  },
  binary('image/png'),
);

/** `/api/sim/*`: the simulated WhatsApp network's controls (scan, pair, incoming, fault) and avatars. */
export const simRoutes = routes()
  .openapi(scan, async (c) => {
    const input = c.req.valid('json');
    const linked = await scanQr(c.get('ctx'), input.qr, input.number, await owner(c));
    return c.json({ success: true, ...linked }, 200);
  })
  .openapi(pair, async (c) => {
    const input = c.req.valid('json');
    const row = await simPhone(c.get('ctx'), input.phoneId, await owner(c));
    return c.json(
      { success: true, phoneId: row.id, number: await enterPairingCode(c.get('ctx'), row, input.code) },
      200,
    );
  })
  .openapi(incoming, async (c) => {
    const input = c.req.valid('json');
    const row = await simPhone(c.get('ctx'), input.phoneId, await owner(c));
    const key = await receiveMessage(c.get('ctx'), row, input.from, input.message);
    return c.json({ success: true, id: key.id, chatId: key.chatId }, 200);
  })
  .openapi(fault, async (c) => {
    const input = c.req.valid('json');
    await injectFault(c.get('ctx'), await simPhone(c.get('ctx'), input.phoneId, await owner(c)), input.fault);
    return c.json({ success: true }, 200);
  })
  .openapi(avatar, async (c) => {
    const png = await simAvatar(c.req.valid('param').file.replace('.png', ''));
    return new Response(png, { headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' } });
  });
