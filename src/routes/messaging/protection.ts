import { paceOf } from '../../services/protection/pace';
import { getProtection, setProtection } from '../../services/protection/settings';
import { protectionBody, protectionResponse } from '../../shared/schemas/messaging/protection';
import { ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';
import { phoneGet, phoneOf, phonePost } from './per-phone';

const read = phoneGet(
  TAGS.checks,
  '/protection',
  'Ban protection: the budgets (new chats a day, unanswered chats) and what happens at the limit',
  ok(protectionResponse),
);
const write = phonePost(
  TAGS.checks,
  '/protection',
  'Set ban protection: on/off, the new-chat ramp, the unanswered limit and on_limit (hold or refuse)',
  protectionBody,
  ok(protectionResponse),
);

/** `GET/POST /api/{productId}/{phone_id}/protection` (issue 26). */
export const protectionRoutes = routes()
  .openapi(read, async (c) => {
    const phone = await phoneOf(c);
    const protection = await getProtection(c.get('ctx'), phone);
    return answer(c, {
      success: true,
      protection: { ...protection, new_chat_pace: protection.enabled ? await paceOf(c.get('ctx'), phone) : 1 },
    });
  })
  .openapi(write, async (c) =>
    answer(c, { success: true, protection: await setProtection(c.get('ctx'), await phoneOf(c), c.req.valid('json')) }),
  );
