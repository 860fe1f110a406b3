import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CachedRouter, ROUTE_CACHE_MAX } from '../../src/routes/kit/cached-router';

describe('CachedRouter', () => {
  it('answers as the trie does, each path with its own parameters, from memory the second time', async () => {
    const router = new CachedRouter<never>();
    const app = new Hono({ router: router as never });
    app.use('/api/:pid/*', async (c, next) => {
      c.header('x-mw', c.req.param('pid') ?? '');
      await next();
    });
    app.get('/api/:pid/:phone/status', (c) => c.json(c.req.param()));
    app.get('/api/:pid/static', (c) => c.text('static'));
    for (let i = 0; i < 3; i++) {
      const a = await app.request('/api/p1/7/status');
      expect(await a.json()).toEqual({ pid: 'p1', phone: '7' });
      expect(a.headers.get('x-mw')).toBe('p1');
      expect(await (await app.request('/api/p2/8/status')).json()).toEqual({ pid: 'p2', phone: '8' });
      expect(await (await app.request('/api/p1/static')).text()).toBe('static');
      expect((await app.request('/nothing')).status).toBe(404);
    }
  });

  it('keeps at most ROUTE_CACHE_MAX answers and none for long paths', () => {
    const router = new CachedRouter<number>();
    router.add('GET', '/x/:id', 1);
    const seen = (router as unknown as { seen: Map<string, unknown> }).seen;
    for (let i = 0; i < ROUTE_CACHE_MAX + 50; i++) expect(router.match('GET', `/x/${i}`)[0].length).toBe(1);
    expect(seen.size).toBe(ROUTE_CACHE_MAX);
    expect(seen.has('GET /x/0')).toBe(false);
    router.match('GET', `/x/${'a'.repeat(300)}`);
    expect(seen.size).toBe(ROUTE_CACHE_MAX);
    // A route added later is seen at once (the memory is dropped).
    router.add('GET', '/y', 2);
    expect(seen.size).toBe(0);
  });
});
