import { readIntegrations, upsertIntegration } from '../../services/dialogflow/integrations';
import { DIALOGFLOW_SAVED } from '../../shared/dialogflow-messages';
import {
  getDialogflowAnswer,
  getDialogflowBody,
  upsertDialogflowAnswer,
  upsertDialogflowBody,
} from '../../shared/schemas/integrations';
import { CONSOLE_TAGS, signedInBody } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';

/** A key file is a few kilobytes; the limit leaves room for the form's encoding. */
const KEY_FILE_BODY_MAX = 64 * 1024;

const upsert = endpoint(
  'post',
  '/upsertIntegration',
  CONSOLE_TAGS.integrations,
  'Link a phone to a Dialogflow ES agent (the key file is stored encrypted)',
  {
    body: body(upsertDialogflowBody, {
      link: {
        phone_id: 1,
        project_id: 'shop-agent-1234',
        languageCode: 'en',
        file_name: 'shop-agent-1234.json',
        credentials:
          '{"type":"service_account","client_email":"bot@shop-agent-1234.iam.gserviceaccount.com","private_key":"-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n"}',
      },
    }),
  },
  ok(upsertDialogflowAnswer),
  signedInBody(KEY_FILE_BODY_MAX),
);
const read = endpoint(
  'post',
  '/getIntegration',
  CONSOLE_TAGS.integrations,
  "The product's Dialogflow integrations, without their private keys",
  { body: body(getDialogflowBody, { phone: { selectedPhone: 1 } }) },
  ok(getDialogflowAnswer),
  signedInBody(),
);

/** `/api/dialogflow/*`: the Dialogflow page's calls (3-developer §2.1, §7); the Dialogflow job answers the messages. */
export const dialogflowRoutes = routes()
  .openapi(upsert, async (c) => {
    const input = c.req.valid('json');
    const product = await ownProduct(c, input.pid);
    const data = await upsertIntegration(c.get('ctx'), product.id, input);
    return c.json({ success: true as const, message: DIALOGFLOW_SAVED, data }, 200);
  })
  .openapi(read, async (c) => {
    const { pid, selectedPhone } = c.req.valid('json');
    const product = await ownProduct(c, pid);
    const found = await readIntegrations(
      c.get('ctx'),
      product.id,
      typeof selectedPhone === 'number' ? selectedPhone : undefined,
    );
    return c.json({ success: true as const, ...found }, 200);
  });
