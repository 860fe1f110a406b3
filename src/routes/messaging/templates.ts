import { listTemplates } from '../../services/cloud/templates';
import { getPhone } from '../../services/phones/phones';
import { templatesResponse } from '../../shared/schemas/messaging/cloud';
import { endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';
import { phoneParams } from '../../shared/schemas/messaging/requests';

const templates = endpoint(
  'get',
  '/templates',
  TAGS.send,
  "Message templates of an official number's WhatsApp Business Account (Cloud API)",
  { params: phoneParams },
  ok(templatesResponse),
  {
    description:
      'Read from Meta (GET {version}/{waba_id}/message_templates). Send one with type template. Other phones answer 409.',
  },
);

/** `/api/{productId}/{phone_id}/templates`: what an official number may send outside the 24-hour window. */
export const templateRoutes = routes().openapi(templates, async (c) => {
  const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
  return answer(c, { success: true, templates: await listTemplates(c.get('ctx'), phone) });
});
