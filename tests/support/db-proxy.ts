import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** An HTTP hop in front of the test libSQL server: counts requests, and can cut the link. */
export interface DbProxy {
  url: string;
  /** Requests forwarded since the last reset (a Hrana pipeline or cursor request is one round trip). */
  readonly requests: number;
  reset(): void;
  /** While cut, every connection is dropped at once: the database is unreachable through this hop. */
  cut(on: boolean): void;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (`http://127.0.0.1:<port>`). */
export async function startDbProxy(target: string): Promise<DbProxy> {
  const to = new URL(target);
  let requests = 0;
  let isCut = false;
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (isCut) return req.socket.destroy();
    requests++;
    const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connection', (s) => {
    if (isCut) return s.destroy();
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests;
    },
    reset: () => void (requests = 0),
    cut(on) {
      isCut = on;
      if (on) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
