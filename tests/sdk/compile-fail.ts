/**
 * Compile-time checks of @wapi/client's types, type-checked by `npm run typecheck` (never run): each
 * `@ts-expect-error` line must fail to compile, or the typecheck fails ("unused directive"). The
 * packed package is checked the same way in tests/e2e/sdk-package.test.ts.
 */
import { createWapiClient, type Conversation } from '../../sdk/src/index';

const client = createWapiClient({ baseUrl: 'https://wapi.example', productId: 'p', token: 't' });

export async function fine() {
  await client.sendMessage(1, { to_number: '905301234567', message: 'hi' });
  await client.sendMessage('1', { to_number: '905301234567', type: 'location', latitude: 41, longitude: 29 });
  await client.sendMessage(
    1,
    { to_number: '905301234567', type: 'media', message: 'https://example.com/a.png', text: 'caption' },
    { idempotencyKey: 'k' },
  );
  const id: string = await client.sendMessage(1, { to_number: 1, type: 'contact', message: '905301234567@c.us' });
  await client.api.GET('/{phone_id}/status', { params: { path: { phone_id: id } } });
}

/** A conversation's messages are typed per message type: the fields every one has, and each type's own. */
export async function conversationMessages(phoneId: number) {
  const conversation: Conversation = await client.getConversation(phoneId, '905301234567@c.us');
  for (const m of conversation.messages) {
    const type: string = m.type;
    const text: string | undefined = m.text;
    const ack: number | undefined = m.ack;
    const quotedId: string | undefined = m.quoted?.id;
    void [type, text, ack, quotedId];
    if (m.type === 'text') {
      const body: string = m.text;
      void body;
    }
    if (m.type === 'buttons') void m.buttons?.map((b) => b.text.length);
    if (m.type === 'vcard') void m.vcardList?.[0]?.displayName;
  }
}

export async function wrong() {
  // @ts-expect-error: no such message type
  await client.sendMessage(1, { to_number: '905301234567', type: 'txt', message: 'hi' });
  // @ts-expect-error: a field no message type has
  await client.sendMessage(1, { to_number: '905301234567', message: 'hi', colour: 'red' });
  // @ts-expect-error: a location needs its coordinates
  await client.sendMessage(1, { to_number: '905301234567', type: 'location' });
  // @ts-expect-error: the recipient is required
  await client.sendMessage(1, { message: 'hi' });
  // @ts-expect-error: no such path
  await client.api.GET('/{phone_id}/statuz', { params: { path: { phone_id: '1' } } });
  // @ts-expect-error: the path parameter is required
  await client.api.GET('/{phone_id}/status', {});
  // @ts-expect-error: the answer has no such field
  (await client.listPhones())[0]?.colour;
}
