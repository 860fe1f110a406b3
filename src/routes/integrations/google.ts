import { generateCodeVerifier, generateState } from 'arctic';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../../env';
import { productOfUser } from '../../services/auth/users';
import { linkGoogleAccount, linkedGoogleAccount, unlinkGoogleAccount } from '../../services/google/accounts';
import { addGoogleContact, listGoogleContacts } from '../../services/google/contacts';
import { consentUrl, exchangeCode, GOOGLE_INTEGRATION_CALLBACK } from '../../services/google/oauth';
import { serverBox } from '../../services/secrets/box';
import { CONTACT_ADDED } from '../../shared/google-messages';
import {
  addContactAnswer,
  googleLinkCallbackQuery,
  addContactBody,
  googleStatusAnswer,
  googleStatusBody,
  unlinkGoogleAnswer,
} from '../../shared/schemas/integrations';
import { CONSOLE_TAGS, redirect, signedInBody } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';
import { publicBaseUrl } from '../kit/public-base-url';

const STATE_COOKIE = 'google_link_state';
const VERIFIER_COOKIE = 'google_link_verifier';
const RETURN_COOKIE = 'google_link_return';
const COOKIE_PATH = '/api/integrations/google';
/** How long the consent round trip to Google may take. */
const OAUTH_COOKIE_SECONDS = 10 * 60;
const PAGES = ['/integrations', '/integrations/sheets', '/integrations/contacts'];

function callbackUrl(c: AppContext): string {
  return `${publicBaseUrl(c)}${GOOGLE_INTEGRATION_CALLBACK}`;
}

const status = endpoint(
  'post',
  '/',
  CONSOLE_TAGS.integrations,
  'The linked Google account and its contacts, or the consent page to link one',
  { body: body(googleStatusBody, { status: { return_to: '/integrations/contacts' } }) },
  ok(googleStatusAnswer),
  signedInBody(),
);
const callback = endpoint(
  'get',
  '/callback',
  CONSOLE_TAGS.integrations,
  "Google's return from the consent page: keeps the account and goes back to the page",
  { query: googleLinkCallbackQuery },
  redirect('Back to the integrations page, with `google=linked` or `google_error=...`'),
);
const addContact = endpoint(
  'post',
  '/add-contact',
  CONSOLE_TAGS.integrations,
  'Add a contact to the linked Google account (PERSON_ALREADY_EXISTS when the number is there)',
  {
    body: body(addContactBody, {
      add: { contact: { givenName: 'Ada', familyName: 'Lovelace', number: '905301234567' } },
    }),
  },
  ok(addContactAnswer),
  signedInBody(),
);
const unlink = endpoint(
  'post',
  '/unlink',
  CONSOLE_TAGS.integrations,
  'Forget the linked Google account',
  { body: body(googleStatusBody) },
  ok(unlinkGoogleAnswer),
  signedInBody(),
);

/** `/api/integrations/google*`: linking a Google account (arctic, PKCE) for the Sheets sender and Contacts. */
export const googleIntegrationRoutes = routes()
  .openapi(status, async (c) => {
    const { product_id, return_to } = c.req.valid('json');
    const product = await ownProduct(c, product_id);
    const ctx = c.get('ctx');
    const linked = await linkedGoogleAccount(ctx, product.id);
    if (linked)
      return c.json(
        {
          success: true as const,
          linked: true as const,
          ...linked,
          displayNames: await listGoogleContacts(ctx, product.id),
        },
        200,
      );
    await serverBox(ctx);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const authUrl = consentUrl(c.get('ctx'), callbackUrl(c), state, verifier);
    const opts = {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax' as const,
      secure: !c.get('deps').config.dev,
      maxAge: OAUTH_COOKIE_SECONDS,
    };
    setCookie(c, STATE_COOKIE, state, opts);
    setCookie(c, VERIFIER_COOKIE, verifier, opts);
    setCookie(c, RETURN_COOKIE, return_to ?? '/integrations', opts);
    return c.json({ success: true as const, linked: false as const, authUrl }, 200);
  })
  .openapi(callback, async (c) => {
    const { state, code } = c.req.valid('query');
    const expected = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    const back = PAGES.find((p) => p === getCookie(c, RETURN_COOKIE)) ?? '/integrations';
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE, RETURN_COOKIE]) deleteCookie(c, name, { path: COOKIE_PATH });
    const fail = (reason: string) => c.redirect(`${back}?google_error=${encodeURIComponent(reason)}`, 302);
    const user = c.get('user');
    if (!user) return c.redirect('/login', 302);
    if (!state || !code || !expected || !verifier || state !== expected)
      return fail('The Google authorisation expired or did not come from this browser. Please try again.');
    const product = await productOfUser(c.get('ctx'), user.id);
    if (!product) return fail('Product not found.');
    try {
      await linkGoogleAccount(
        c.get('ctx'),
        product.id,
        await exchangeCode(c.get('ctx'), callbackUrl(c), code, verifier),
      );
    } catch {
      return fail('Google did not grant access. Please authorise again and allow Sheets and Contacts.');
    }
    return c.redirect(`${back}?google=linked`, 302);
  })
  .openapi(addContact, async (c) => {
    const { product_id, contact } = c.req.valid('json');
    const product = await ownProduct(c, product_id);
    const added = await addGoogleContact(c.get('ctx'), product.id, contact);
    return c.json({ success: true as const, message: CONTACT_ADDED, contact: added }, 200);
  })
  .openapi(unlink, async (c) => {
    const product = await ownProduct(c, c.req.valid('json').product_id);
    await unlinkGoogleAccount(c.get('ctx'), product.id);
    return c.json({ success: true as const }, 200);
  });
