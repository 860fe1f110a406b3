import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MALFORMED_URL_MESSAGE } from '../../src/middleware/well-formed-url';
import { expectError } from '../support/agent';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('malformed addresses', () => {
  it('answers malformed percent-encoding anywhere with a 400 in the one error shape', async () => {
    const { api, pid, token } = await customer(t);
    const id = (await api.post<{ id: number }>('/addPhone', {})).body.id;
    for (const path of [
      `/api/${pid}/${id}/getGroups/%E0%A4%A`,
      `/api/${pid}/${id}/getConversations/%E0%A4%A`,
      `/api/${pid}/${id}/contact/%ZZ`,
      `/api/${pid}/logs?page=%E0%A4%A`,
      '/api/auth/%E0%A4%A',
      '/%E0%A4%A',
    ]) {
      const res = await t.app.request(path, { headers: { 'x-api-key': token } });
      const body = await expectError(res, 400, 'BAD_REQUEST');
      expect(body.message, path).toBe(MALFORMED_URL_MESSAGE);
    }
  });

  it('still serves well-formed escapes', async () => {
    const { api } = await customer(t);
    const id = (await api.post<{ id: number }>('/addPhone', {})).body.id;
    const res = await api.request(`/${id}/getConversations/905301234567%40c.us`);
    expect(res.status).not.toBe(400);
  });
});
