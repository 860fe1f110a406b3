import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, eventually, type Api } from '../support/phones';
import { mediaServer } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

/** The reference API's own request examples, sent as they are (ids and hosts swapped for real ones). */
const reference = JSON.parse(readFileSync('tests/fixtures/messaging-api-openapi.json', 'utf8'));
const op = reference.paths['/{phone_id}/sendMessage'].post;
const EXAMPLES = op.requestBody.content['application/json'].examples as Record<
  string,
  { value: Record<string, unknown> }
>;
const RESPONSE_SCHEMA = reference.components.schemas.sendMessageResponse;
const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let t: TestApp;
let api: Api;
let phone: number;
let media: Awaited<ReturnType<typeof mediaServer>>;
const ids = { group: '', incoming: '', outgoing: '' };

beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
  media = await mediaServer();
  ({ api } = await customer(t));
  phone = await api.addPhone();
  await api.link(phone, '905300000001');
  const group = await api.post(`/${phone}/createGroup`, {
    name: 'Reference group',
    numbers: ['905301234567', '905301112233'],
  });
  expect(group.status).toBe(200);
  ids.group = group.body.data.id;
  const incoming = await api.sim('/incoming', {
    phoneId: phone,
    from: '905301234567',
    message: 'hello from a customer',
  });
  ids.incoming = `false_${incoming.body.chatId}_${incoming.body.id}`;
  const sent = await api.post(`/${phone}/sendMessage`, {
    to_number: '905301234567',
    type: 'text',
    message: 'our first message',
  });
  ids.outgoing = sent.body.data.msgId;
  await eventually(async () => (await api.get(`/${phone}/queue`)).body.queue === 0, 5_000, 'first message');
});
afterAll(async () => {
  await t.close();
  await media.stop();
});

/** Points the example at things that exist here. */
function adapt(value: Record<string, unknown>): Record<string, unknown> {
  const json = JSON.stringify(value)
    .replaceAll('905301234567-1574073754@g.us', ids.group)
    .replaceAll('false_905301234567-1586347989@g.us_3EB0A81ECEA6D47F2F13', ids.incoming)
    .replaceAll('50d8b950-a67f-11eb-91cc-d97af631df95', ids.outgoing)
    .replaceAll('http://placehold.it/180', `${media.url}/180`)
    .replaceAll('https://cdnydm.com/permedia/SHjKBCXHOfpCf37aIP6EXw.txt', `${media.url}/demo.txt`)
    .replaceAll('https://www.w3.org/WAI/ER/tests/xhtml/testfiles/resources/pdf/dummy.pdf', `${media.url}/dummy.pdf`)
    .replaceAll('iVBORw0KG...', PNG_B64);
  return JSON.parse(json);
}

/** Checks a value against the reference's (simple) JSON schema: types of every declared property. */
function matchesReference(value: any, schema: any): boolean {
  if (schema.$ref) return matchesReference(value, reference.components.schemas[schema.$ref.split('/').pop()]);
  if (schema.type === 'object')
    return (
      typeof value === 'object' &&
      value !== null &&
      Object.entries(schema.properties ?? {}).every(([k, s]) => value[k] === undefined || matchesReference(value[k], s))
    );
  if (schema.type === 'string') return typeof value === 'string';
  if (schema.type === 'boolean') return typeof value === 'boolean';
  return true;
}

describe('sendMessage: every request example of the reference', () => {
  it.each(Object.keys(EXAMPLES))(
    '%s: accepted, sent through the simulator, logged and in the conversation',
    async (name) => {
      const body = adapt(EXAMPLES[name]!.value);
      // WhatsApp edits only your own messages; the reference's example points at a received one.
      if (body.type === 'edit') body.reply_to = ids.outgoing;
      const res = await api.post(`/${phone}/sendMessage`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(matchesReference(res.body, RESPONSE_SCHEMA)).toBe(true);
      expect(res.body).toEqual({
        success: true,
        data: { chatId: expect.stringMatching(/@(c|g)\.us$/), msgId: expect.any(String) },
      });
      const { msgId, chatId } = res.body.data;

      const msg = await eventually(
        async () => {
          const conv = await api.get(`/${phone}/getConversations/${encodeURIComponent(chatId)}`);
          const m = conv.body.data.messages.find((x: { id: string }) => x.id === msgId);
          return m && m.status !== 'queued' && m.status !== 'sending' ? m : null;
        },
        5_000,
        `${name} to leave the queue`,
      );
      expect(msg.status, msg.error).toBe('sent');
      expect(msg.type).toBe(body.type);

      const logs = await api.get('/logs?type=outgoing&pageLimit=20');
      const entry = logs.body.data.list.find(
        (l: any) => l.data.path?.endsWith('/sendMessage') && l.data.response?.data?.msgId === msgId,
      );
      expect(entry).toBeTruthy();
      expect(entry.data).toMatchObject({ method: 'POST', statusCode: 200 });
    },
  );

  it('answers the duplicate filter: a 4th identical message is refused unless skip_filter', async () => {
    const body = { to_number: '905301112233', type: 'text', message: 'same text' };
    for (let i = 0; i < 3; i++) expect((await api.post(`/${phone}/sendMessage`, body)).status).toBe(200);
    const dup = await api.post(`/${phone}/sendMessage`, body);
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('DUPLICATE');
    expect((await api.post(`/${phone}/sendMessage`, { ...body, skip_filter: true })).status).toBe(200);
    expect((await api.post(`/${phone}/sendMessage`, { ...body, message: 'another text' })).status).toBe(200);
  });

  it('answers invalid bodies with 400 naming what is wrong, and unknown references with 404', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ type: 'text', message: 'x' }, 400, /to_number/],
      [{ to_number: '905301234567', type: 'text' }, 400, /message/],
      [{ to_number: '905301234567', type: 'fax', message: 'x' }, 400, /type/],
      [{ to_number: 'abc', message: 'x' }, 422, /to_number/],
      [{ to_number: '905301234567', type: 'location', latitude: 'north', longitude: 1 }, 400, /latitude/],
      [{ to_number: '905301234567', type: 'media', message: 'ftp://example.com/a.png' }, 400, /http/],
      [{ to_number: '905301234567', type: 'media', message: 'data:image/png;base64,@@@' }, 400, /data/],
      [{ to_number: '905301234567', type: 'poll', message: 'Q?', options: ['only one'] }, 400, /options/],
      [{ to_number: '905301234567', type: 'buttons', message: 'x', buttons: [] }, 400, /buttons/],
      [{ to_number: '905301234567', type: 'reaction', message: '👍' }, 400, /reply_to/],
      [
        {
          to_number: '905301234567',
          type: 'text',
          message: 'x',
          reply_to: 'false_905301234567@c.us_3EB0AAAAAAAAAAAAAAAA',
        },
        404,
        /reply_to/,
      ],
      [{ to_number: '905301234567', type: 'delete', message: ids.incoming }, 400, /only messages this phone sent/],
    ];
    for (const [body, status, pattern] of cases) {
      const res = await api.post(`/${phone}/sendMessage`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(pattern);
    }
  });

  it('reports a failure with its reason instead of dropping the message', async () => {
    const res = await api.post(`/${phone}/sendMessage`, {
      to_number: '905301234560',
      type: 'text',
      message: 'to nobody',
    });
    expect(res.status).toBe(200);
    const id = res.body.data.msgId;
    const m = await eventually(
      async () => {
        const conv = await api.get(`/${phone}/getConversations/905301234560@c.us`);
        return conv.body.data.messages.find((x: any) => x.id === id && x.status === 'failed');
      },
      5_000,
      'failure',
    );
    expect(m.error).toContain('not on WhatsApp');
    const errors = await api.get('/logs?type=error');
    expect(errors.body.data.list.some((l: any) => l.data.msgId === id)).toBe(true);
  });
});
