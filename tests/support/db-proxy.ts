import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** An HTTP hop in front of the test libSQL server: counts requests, and can cut the link. */
export interface DbProxy {
  url: string;
  /** Requests forwarded since the last reset (a Hrana pipeline or cursor request is one round trip). */
  readonly requests: number;
  reset(): void;
  /** With `trace` on: how many requests carried each statement (its first 70 characters), most first. */
  statements(): [string, number][];
  /** With `alone` given: requests whose every statement it matched. */
  readonly aloneRequests: number;
  /** While cut, every connection is dropped at once: the database is unreachable through this hop. */
  cut(on: boolean): void;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (`http://127.0.0.1:<port>`). */
export async function startDbProxy(target: string, opts: { trace?: boolean; alone?: RegExp } = {}): Promise<DbProxy> {
  const to = new URL(target);
  let requests = 0;
  let alone = 0;
  const seen = new Map<string, number>();
  const note = (body: string) => {
    const sqls = [...body.matchAll(/"sql":"((?:[^"\\]|\\.){0,70})/g)]
      .map((m) => m[1]!)
      .filter((q) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(q));
    if (opts.alone && sqls.length && sqls.every((q) => opts.alone!.test(q))) alone++;
    const key = sqls.length ? sqls.join(' ; ') : '(no sql)';
    seen.set(key, (seen.get(key) ?? 0) + 1);
  };
  let isCut = false;
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (isCut) return req.socket.destroy();
    requests++;
    const up = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    if (!opts.trace && !opts.alone) return void req.pipe(up);
    let body = '';
    req.on('data', (d: Buffer) => ((body += d.toString()), up.write(d)));
    req.on('end', () => (note(body), up.end()));
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
    get aloneRequests() {
      return alone;
    },
    reset: () => void ((requests = 0), (alone = 0), seen.clear()),
    statements: () => [...seen].sort((a, b) => b[1] - a[1]),
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
