import { decodeBinaryNode, encodeBinaryNode, proto, type BinaryNode, type KeyPair } from 'baileys';
import type { WebSocket } from 'ws';
import { frame, FrameReader, ServerHandshake, type Transport } from './noise';

/** What the server does with a connection's traffic. */
export interface ConnectionHandler {
  /** The handshake finished: the client said who it is (login) or that it wants to link (registration). */
  onHello(conn: FakeConnection): void | Promise<void>;
  onNode(conn: FakeConnection, node: BinaryNode): void | Promise<void>;
}

/** One client socket: the Noise handshake, then binary nodes both ways. */
export class FakeConnection {
  /** The client's long-term noise key, known after the handshake. */
  staticKey: Buffer = Buffer.alloc(0);
  payload: proto.ClientPayload | null = null;
  /** Every node the client sent, in order (for assertions and debugging). */
  readonly received: BinaryNode[] = [];
  /** The linked device logged in on this connection. */
  deviceKey: string | null = null;
  private readonly reader = new FrameReader();
  private readonly handshake: ServerHandshake;
  private transport: Transport | null = null;
  private helloSent = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly waiting = new Map<string, (node: BinaryNode) => void>();

  constructor(
    private readonly ws: WebSocket,
    serverStatic: KeyPair,
    certChain: Uint8Array,
    private readonly handler: ConnectionHandler,
  ) {
    this.handshake = new ServerHandshake(serverStatic, certChain);
    ws.on('message', (data: Buffer) => {
      this.queue = this.queue.then(() => this.onData(data)).catch((err: unknown) => this.fail(err));
    });
  }

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }

  /** Whether the client connected to link a new device (no credentials yet). */
  get registering(): boolean {
    return Boolean(this.payload?.devicePairingData);
  }

  send(node: BinaryNode): void {
    if (!this.transport || !this.open) return;
    this.ws.send(frame(this.transport.encrypt(encodeBinaryNode(node))));
  }

  /** Sends an iq and resolves with the client's answer (matched by id). */
  request(node: BinaryNode, timeoutMs = 5_000): Promise<BinaryNode> {
    const id = node.attrs.id!;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to iq ${id}`)), timeoutMs);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.send(node);
    });
  }

  close(): void {
    this.ws.close();
  }

  private async onData(data: Buffer): Promise<void> {
    for (const body of this.reader.push(data)) {
      if (!this.helloSent) {
        this.ws.send(frame(this.handshake.hello(body)));
        this.helloSent = true;
      } else if (!this.transport) {
        const hello = this.handshake.finish(body);
        this.transport = hello.transport;
        this.staticKey = hello.staticKey;
        this.payload = hello.payload;
        await this.handler.onHello(this);
      } else {
        const node = await decodeBinaryNode(Buffer.from(this.transport.decrypt(body)));
        this.received.push(node);
        const waiter =
          node.tag === 'iq' && (node.attrs.type === 'result' || node.attrs.type === 'error')
            ? this.waiting.get(node.attrs.id ?? '')
            : undefined;
        if (waiter) {
          this.waiting.delete(node.attrs.id!);
          waiter(node);
        } else {
          await this.handler.onNode(this, node);
        }
      }
    }
  }

  private fail(err: unknown): void {
    console.error('fake WhatsApp connection failed:', err);
    this.ws.close();
  }
}
