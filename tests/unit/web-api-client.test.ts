import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, setUnauthorizedHandler, TOKEN_HEADER } from '../../web/lib/api';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe("the console's one HTTP client", () => {
  it('calls the messaging API with the token and no cookies, counting any answer but success: false', async () => {
    const fetch = vi.fn(async (_: string, _init?: RequestInit) => json([{ id: 1 }]));
    vi.stubGlobal('fetch', fetch);
    expect(await call('POST', '/api/p/1/sendMessage', { to: 'x' }, { token: 't0k' })).toEqual([{ id: 1 }]);
    const init = fetch.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(init.credentials).toBe('omit');
    expect(headers[TOKEN_HEADER]).toBe('t0k');
    expect(headers['x-csrf-token']).toBeUndefined();
    expect(String(init.body)).toBe(new URLSearchParams({ data: JSON.stringify({ to: 'x' }) }).toString());
  });

  it('throws the one error class for both, with the server message and code; only the session signs out on 401', async () => {
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    vi.stubGlobal('fetch', async () =>
      json({ success: false, message: 'Phone is not active.', error: { code: 'CONFLICT' } }, 409),
    );
    const token = await call('GET', '/api/p/1/status', undefined, { token: 't' }).catch((e: unknown) => e);
    expect(token).toBeInstanceOf(ApiError);
    expect(token).toMatchObject({ message: 'Phone is not active.', status: 409, code: 'CONFLICT', fromServer: true });
    vi.stubGlobal('fetch', async () => json({ success: false, message: 'Token is invalid' }, 401));
    await expect(call('GET', '/api/p/1/status', undefined, { token: 't' })).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).not.toHaveBeenCalled();
    await expect(call('GET', '/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it("'whole' hands back an answer that says success: false (Instagram's request for a code)", async () => {
    vi.stubGlobal('fetch', async () => json({ success: false, code_required: true }));
    expect(await call('POST', '/api/p/1/login', {}, { token: 't', whole: true })).toEqual({
      success: false,
      code_required: true,
    });
  });
});
