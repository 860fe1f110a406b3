import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/engines/types';
import { fetchMedia, fileNameOf } from '../../src/adapters/media/download';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/bad-redirect')) {
      res.writeHead(302, { location: 'http://[::1' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('media downloads', () => {
  it('decodes a file name when it can, and keeps a malformed one as it is instead of throwing', () => {
    expect(fileNameOf('/files/My%20Photo.png')).toBe('My Photo.png');
    expect(fileNameOf('/files/%E0%A4%A.png')).toBe('%E0%A4%A.png');
    expect(fileNameOf('/')).toBe('file');
  });

  it('downloads a file whose name is malformed percent-encoding', async () => {
    const media = await fetchMedia(`${base}/files/%E0%A4%A.png`, { allowPrivate: true });
    expect(media.filename).toBe('%E0%A4%A.png');
    expect(media.mime).toBe('image/png');
  });

  it('fails permanently (not retried) on an address that cannot be a URL', async () => {
    for (const url of ['not a url', `${base}/bad-redirect`]) {
      const err = await fetchMedia(url, { allowPrivate: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineError);
      expect((err as EngineError).code, url).toBe('INVALID');
    }
  });
});
