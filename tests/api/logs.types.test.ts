import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicType } from '../../src/services/logs/logs';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
});
afterEach(async () => t.close());

type Entry = { type: string; data: { path?: string; kind?: string; body?: { message?: { text?: string } } } };
const list = async (q = '') => (await api.get<{ data: { list: Entry[] } }>(`/logs?pageLimit=500${q}`)).body.data.list;
const isMerhaba = (e: Entry) => e.data.kind === 'message' && e.data.body?.message?.text === 'Merhaba';

describe('log types as the customer reads them', () => {
  it('tags a WhatsApp message the phone received incoming, and the Incoming filter shows it and no API call', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000012');
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'Merhaba' });
    const message = await eventually(async () => (await list()).find(isMerhaba), 5_000, 'the message in the log');
    expect(message.type).toBe('incoming');

    const incoming = await list('&type=incoming');
    expect(incoming.some(isMerhaba)).toBe(true);
    expect(incoming.every((e) => e.type === 'incoming' && e.data.path === undefined)).toBe(true);

    const outgoing = await list('&type=outgoing');
    expect(outgoing.some((e) => e.data.path?.endsWith('/listPhones'))).toBe(true);
    expect(outgoing.some(isMerhaba)).toBe(false);
    expect(outgoing.every((e) => e.type === 'outgoing')).toBe(true);
  });

  it('calls a message typed on the phone itself outgoing', () => {
    expect(publicType('message', { kind: 'message', body: { message: { fromMe: true } } })).toBe('outgoing');
    expect(publicType('message', { kind: 'message', body: { message: { fromMe: false } } })).toBe('incoming');
    expect(publicType('incoming', { path: '/api/p/listPhones' })).toBe('outgoing');
    expect(publicType('status', {})).toBe('outgoing');
    expect(publicType('error', {})).toBe('error');
  });
});
