import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignature, verifySignature } from '../../src/adapters/billing/paddle-signature';

const SECRET = 'pdl_ntfset_01gkpjp8bkm3tm53kdgkx6sms7_6h3qd3uFSi9YCD3OLYAShQI90XTI5vEI';
const BODY =
  '{"event_id":"evt_01h8441jx8x1q971q9ksksqh82","event_type":"subscription.updated","occurred_at":"2023-08-21T11:57:47.390028Z","data":{}}';
const TS = 1_692_619_067;
const h1 = (secret: string, ts: number, body: string) =>
  createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex');
const at = (seconds: number) => seconds * 1000;

describe('Paddle-Signature', () => {
  it('reads ts and every h1, ignoring what it does not know', () => {
    expect(parseSignature(`ts=${TS};h1=${'a'.repeat(64)};h1=${'B'.repeat(64)};v2=x`)).toEqual({
      ts: TS,
      h1: ['a'.repeat(64), 'b'.repeat(64)],
    });
    expect(parseSignature(`h1=${'a'.repeat(64)}`)).toBeNull();
    expect(parseSignature(`ts=${TS}`)).toBeNull();
    expect(parseSignature(`ts=soon;h1=${'a'.repeat(64)}`)).toBeNull();
    expect(parseSignature(`ts=${TS};h1=not-hex`)).toBeNull();
  });

  it('accepts the HMAC-SHA256 of "{ts}:{raw body}" signed within 5 seconds', async () => {
    const header = `ts=${TS};h1=${h1(SECRET, TS, BODY)}`;
    expect(await verifySignature(SECRET, header, BODY, at(TS))).toBe(true);
    expect(await verifySignature(SECRET, header, BODY, at(TS + 5))).toBe(true);
    expect(await verifySignature(SECRET, header, BODY, at(TS - 5))).toBe(true);
  });

  it('accepts a header carrying several h1 values when one matches (secret rotation)', async () => {
    const header = `ts=${TS};h1=${h1('pdl_ntfset_old_secret_value', TS, BODY)};h1=${h1(SECRET, TS, BODY)}`;
    expect(await verifySignature(SECRET, header, BODY, at(TS))).toBe(true);
  });

  it('refuses a signature older or newer than 5 seconds (a replay)', async () => {
    const header = `ts=${TS};h1=${h1(SECRET, TS, BODY)}`;
    expect(await verifySignature(SECRET, header, BODY, at(TS + 6))).toBe(false);
    expect(await verifySignature(SECRET, header, BODY, at(TS - 6))).toBe(false);
  });

  it('refuses another secret, a changed body, a changed ts and a missing header', async () => {
    expect(
      await verifySignature(SECRET, `ts=${TS};h1=${h1('pdl_ntfset_forged_secret_xx', TS, BODY)}`, BODY, at(TS)),
    ).toBe(false);
    expect(
      await verifySignature(SECRET, `ts=${TS};h1=${h1(SECRET, TS, BODY)}`, BODY.replace('updated', 'canceled'), at(TS)),
    ).toBe(false);
    expect(await verifySignature(SECRET, `ts=${TS + 1};h1=${h1(SECRET, TS, BODY)}`, BODY, at(TS))).toBe(false);
    expect(await verifySignature(SECRET, undefined, BODY, at(TS))).toBe(false);
    expect(await verifySignature(SECRET, '', BODY, at(TS))).toBe(false);
  });

  it('is computed over the raw bytes: re-serialised JSON does not verify', async () => {
    const spaced = BODY.replace(/,/g, ', ');
    expect(await verifySignature(SECRET, `ts=${TS};h1=${h1(SECRET, TS, BODY)}`, spaced, at(TS))).toBe(false);
  });
});
