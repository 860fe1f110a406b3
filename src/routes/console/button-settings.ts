import { getButtonSettings, saveButtonSettings } from '../../services/button/settings';
import { BUTTON_BODY_MAX } from '../../shared/button-limits';
import { buttonPidQuery, buttonSettingsAnswer, saveButtonSettingsBody } from '../../shared/schemas/console/button';
import { CONSOLE_TAGS, signedInBody, signedInCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';

const T = CONSOLE_TAGS.product;

const read = endpoint(
  'get',
  '/buttonSettings',
  T,
  "The chat-button generator's saved settings (/button), null before the first save",
  { query: buttonPidQuery },
  ok(buttonSettingsAnswer),
  signedInCall(),
);
const save = endpoint(
  'post',
  '/buttonSettings',
  T,
  "Save the chat-button generator's settings for this account",
  {
    body: body(saveButtonSettingsBody, {
      button: {
        countryCode: '+90',
        phone: '5551234567',
        message: 'Hello',
        messageDesktop: true,
        messageMobile: true,
        design: 'large',
        text: 'Chat with Us',
        display: 'both',
        positionMobile: 'right',
        positionDesktop: 'right',
        offsetBottom: 20,
      },
    }),
  },
  ok(buttonSettingsAnswer),
  signedInBody(BUTTON_BODY_MAX),
);

/** `/api/{brand}/buttonSettings`: the /button page's settings, per product (3-developer §2.5). */
export const buttonSettingsRoutes = routes()
  .openapi(read, async (c) => {
    const product = await ownProduct(c, c.req.valid('query').pid);
    return c.json({ success: true as const, settings: await getButtonSettings(c.get('ctx'), product.id) }, 200);
  })
  .openapi(save, async (c) => {
    const { pid, ...settings } = c.req.valid('json');
    const product = await ownProduct(c, pid);
    return c.json(
      { success: true as const, settings: await saveButtonSettings(c.get('ctx'), product.id, settings) },
      200,
    );
  });
