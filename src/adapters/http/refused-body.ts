import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import type { Socket } from 'node:net';
import { ServerResponse } from 'node:http';

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** How long a refused connection stays half-open (answer sent, nothing read) before it is dropped. */
const REFUSED_LINGER_MS = 2_000;

/**
 * Once the app has refused a request's body (413, or any error answered while the body is still
 * arriving: a 401 to an upload that is not signed in), the Node server stops reading it and closes the
 * connection: the answer carries `Connection: close`, and instead of keeping the connection alive and
 * reading (and discarding) the rest of the body, the socket reads nothing more, sends the answer and
 * its end, and is dropped a moment later. A client streaming a huge body is held back by TCP once the
 * server stops reading, and sees the refusal at once.
 *
 * Node ends a connection that may not be kept alive with `destroySoon` after the answer. Destroying a
 * socket with unread bytes resets the connection, which can make a client that is still writing lose
 * the answer; so this socket lingers: its side is ended, nothing is read (the http machinery resumes
 * sockets through `resume`, a no-op here), and it is destroyed after REFUSED_LINGER_MS.
 */
export function closeOnRefusedBody(fetch: Fetch): Fetch {
  return async (request, env) => {
    const res = await fetch(request, env);
    const refused = res.status === 413 || (res.status >= 400 && 'complete' in env.incoming && !env.incoming.complete);
    if (refused && env.outgoing instanceof ServerResponse && env.outgoing.socket) {
      env.outgoing.shouldKeepAlive = false;
      lingerOnClose(env.outgoing.socket);
    }
    return res;
  };
}

function lingerOnClose(socket: Socket): void {
  socket.resume = () => socket;
  socket.pause();
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
  };
}
