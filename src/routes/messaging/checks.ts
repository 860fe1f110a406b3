import {
  catalog,
  checkNumber,
  contactJid,
  profileImage,
  riskOfBlock,
  safetyReport,
} from '../../services/phones/checks';
import {
  catalogResponse,
  numberStatusResponse,
  profileImageResponse,
  riskResponse,
  safetyResponse,
} from '../../shared/schemas/messaging/answers';
import { endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { originOf, phoneGet, phoneOf } from './per-phone';
import { TAGS } from './params';
import { checkNumberQuery, phoneParams } from '../../shared/schemas/messaging/requests';

const W05_NOTE = 'A phone that is not active answers 409 with `data: { type: "error", code: "W05" }`.';

/** A check of a number given in the query. */
function numberCheck<R extends ReturnType<typeof ok>>(
  path: string,
  summary: string,
  description: string,
  responses: R,
) {
  return endpoint('get', path, TAGS.checks, summary, { params: phoneParams, query: checkNumberQuery }, responses, {
    description,
  });
}

const numberStatus = numberCheck(
  '/checknumberstatus',
  'Whether a number is on WhatsApp (number=905301234567@c.us); W05 when the phone is not active',
  W05_NOTE,
  ok(numberStatusResponse),
);
const picture = numberCheck(
  '/getProfileImage',
  'Profile picture of a number (number=905301234567@c.us)',
  `A number without a picture answers 404 with \`data: null\`. ${W05_NOTE}`,
  ok(profileImageResponse),
);
const safety = phoneGet(
  TAGS.checks,
  '/checkPhoneSafety',
  'How the number has been used: chats, messages, contacts, picture',
  ok(safetyResponse),
);
const risk = phoneGet(
  TAGS.checks,
  '/calculateRiskOfBlock',
  "Block risk from the number's age, contacts and answers (1 critical, 3 good)",
  ok(riskResponse),
);
const catalogRoute = phoneGet(TAGS.send, '/catalog', 'Catalog products of the business account', ok(catalogResponse));

/** Number, picture, safety and risk checks, and the catalog, of one phone: `/api/{productId}/{phone_id}/...`. */
export const checkRoutes = routes()
  .openapi(numberStatus, async (c) => {
    const phone = await phoneOf(c);
    const result = await checkNumber(c.get('ctx'), phone, contactJid(c.req.valid('query').number));
    return answer(c, { success: true, data: { success: true, result } });
  })
  .openapi(picture, async (c) => {
    const phone = await phoneOf(c);
    return answer(c, {
      success: true,
      data: await profileImage(c.get('ctx'), phone, contactJid(c.req.valid('query').number), originOf(c)),
    });
  })
  .openapi(safety, async (c) =>
    answer(c, { success: true, data: await safetyReport(c.get('ctx'), await phoneOf(c), originOf(c)) }),
  )
  .openapi(risk, async (c) => {
    const result = await riskOfBlock(c.get('ctx'), await phoneOf(c));
    return answer(c, { success: true, result, data: result });
  })
  .openapi(catalogRoute, async (c) =>
    answer(c, { success: true, data: await catalog(c.get('ctx'), await phoneOf(c), originOf(c)) }),
  );
