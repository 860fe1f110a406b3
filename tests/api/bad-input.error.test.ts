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

describe('setProfileImage', () => {
  it('answers an image that is neither a URL nor a data URI with a 400 naming the field', async () => {
    const { api } = await customer(t);
    const id = (await api.post<{ id: number }>('/addPhone', {})).body.id;
    for (const image of ['not a url', 'ftp://example.com/a.png', 'data:text/plain;base64,aGk=']) {
      const res = await api.request(`/${id}/setProfileImage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ image }),
      });
      const body = await expectError(res, 400, 'BAD_REQUEST');
      expect(body.message, image).toMatch(/^image: must be an http\(s\) URL or a data:image/);
    }
  });

  it('takes a data-URI image larger than the usual 64 KB body', async () => {
    const { api } = await customer(t);
    const id = (await api.post<{ id: number }>('/addPhone', {})).body.id;
    const image = `data:image/png;base64,${'A'.repeat(200_000)}`;
    const res = await api.request(`/${id}/setProfileImage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image }),
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});
