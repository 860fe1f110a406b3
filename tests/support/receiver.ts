import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { checkWebhookBody } from './declared-webhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

/**
 * A local webhook receiver that records what it gets and answers with the status you set. Every body
 * is checked against the document's webhooks: an undeclared one fails the test (tests/support/webhook-setup.ts).
 */
export class Receiver {
  readonly received: Received[] = [];
  /** Status codes to answer, in turn; then `status`. */
  script: number[] = [];
  status = 200;
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        let json: unknown = null;
        try {
          json = JSON.parse(body);
        } catch {
          /* not JSON */
        }
        this.received.push({ headers: req.headers, body, json, at: Date.now() });
        // Our deliveries carry a webhook-id (other requests a test points here are not webhooks).
        const eventId = req.headers['webhook-id'];
        if (typeof eventId === 'string') void checkWebhookBody(body, eventId);
        const status = this.script.shift() ?? this.status;
        if (status >= 300 && status < 400) res.writeHead(status, { location: 'http://127.0.0.1:1/elsewhere' });
        else res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status < 300 ? 'ok' : 'nope');
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}/hook`;
    return this;
  }

  of(type: string) {
    return this.received.filter((r) => r.json?.type === type);
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** A local HTTP server that serves media for sendMessage tests. */
export async function mediaServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const server = createServer((req, res) => {
    if (req.url?.endsWith('.png') || req.url?.endsWith('/180')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    } else if (req.url?.endsWith('.pdf')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4 test');
    } else if (req.url?.endsWith('.txt')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('hello');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(() => r())) };
}
