import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/middleware/payload';
import { Agent, expectError } from '../support/agent';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';
import { CHUNK, chunkedBody } from '../support/chunked-body';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('request body limits', () => {
  it('stops reading a chunked console body at its limit and answers 413', async () => {
    const agent = new Agent(t);
    await agent.get('/api/auth/user');
    const { stream, seen } = chunkedBody(20 * 1024 * 1024);
    const res = await agent.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(seen.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  });

  it("refuses a chunked body at the route's limit as it streams, not after holding the global limit (Node marks it transfer-encoding: chunked)", async () => {
    const { agent } = await customer(t);
    await agent.get('/api/auth/user');
    const { stream, seen } = chunkedBody(40 * 1024 * 1024);
    const res = await agent.request('/api/auth/updateInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(seen.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + 4 * CHUNK);
  });

  it('refuses a declared length over the limit without reading the body', async () => {
    const agent = new Agent(t);
    await agent.get('/api/auth/user');
    const { stream, seen } = chunkedBody(2 * 1024 * 1024);
    const res = await agent.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(seen.bytes).toBeLessThanOrEqual(2 * CHUNK);
  });

  it('stops reading a chunked messaging-API body at its limit', async () => {
    const { api } = await customer(t);
    const { stream, seen } = chunkedBody(20 * 1024 * 1024);
    const res = await api.request('/setWebhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(seen.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  });
});
