import type { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';

interface DeclaredRoute {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * `/api/{pid{[0-9a-f]{8}-...}}/{phone_id}/status` or `/media/:id{[0-9a-f-]{36}}/:name?` → a regex. A
 * parameter is one segment and matches its own pattern when it has one, so an address the pattern
 * refuses is not that route's (Hono hands it to another); a pattern spanning segments (`.*`) stays one.
 */
function pathPattern(path: string): { pattern: RegExp; params: number } {
  let out = '';
  let params = 0;
  for (let i = 0; i < path.length; i++) {
    const colon = path[i] === ':' && path[i - 1] === '/';
    if (path[i] !== '{' && !colon) {
      out += path[i]!.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      continue;
    }
    for (i++; i < path.length && /\w/.test(path[i]!); i++);
    let own = '';
    if (path[i] === '{') {
      let depth = 0;
      for (; i < path.length; i++) {
        if (path[i] === '{') depth++;
        else if (path[i] === '}' && --depth === 0) break;
        own += depth > 1 || path[i] !== '{' ? path[i] : '';
      }
      i++;
    }
    const optional = colon && path[i] === '?';
    if (colon && !optional) i--;
    const segment = own && !new RegExp(`^(?:${own})$`).test('a/b') ? `(?:${own})` : '[^/]+';
    out = optional ? `${out.replace(/\/$/, '')}(?:/${segment})?` : out + segment;
    params++;
  }
  // Hono routes strictly: `/dev/mailbox/` is not `/dev/mailbox`, whose group declared it as `/dev/mailbox/`.
  return { pattern: new RegExp(`^${out.length > 1 ? out.replace(/\/$/, '') : out}$`), params };
}

/** Every route declared with createRoute anywhere in the app, literal paths first. */
function declaredRoutes(app: Pick<OpenAPIHono, 'openAPIRegistry'>): DeclaredRoute[] {
  const out: DeclaredRoute[] = [];
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== 'route') continue;
    const { method, path, responses } = def.route;
    out.push({
      method: method.toUpperCase(),
      path,
      ...pathPattern(path),
      responses: responses as DeclaredRoute['responses'],
    });
  }
  return out.sort((a, b) => a.params - b.params);
}

/** A copy of the answer as its client reads it: a gzip body (compression middleware) decoded. */
function decoded(res: Response): Response {
  const copy = res.clone();
  if (copy.headers.get('content-encoding') !== 'gzip' || !copy.body) return copy;
  return new Response(copy.body.pipeThrough(new DecompressionStream('gzip')));
}

/**
 * Checks an answer against its route's declaration: the status must be one the route declares, and a
 * JSON body must parse with the declared schema. Throws (failing the test) when it does not.
 */
export function responseChecker(app: Pick<OpenAPIHono, 'openAPIRegistry'>) {
  let routes: DeclaredRoute[] | undefined;
  return async (method: string, path: string, res: Response): Promise<void> => {
    routes ??= declaredRoutes(app);
    const route = routes.find(
      (r) => (r.method === method || (method === 'HEAD' && r.method === 'GET')) && r.pattern.test(path),
    );
    if (!route) return;
    const declared = route.responses[String(res.status)] ?? route.responses.default;
    const where = `${method} ${path} (declared as ${route.method} ${route.path})`;
    if (!declared) throw new Error(`${where} answered ${res.status}, which its declaration does not list`);
    if (res.status === 304 || res.status === 204 || method === 'HEAD') return;
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    // `*/*` and `image/*` declare any type (of that kind), as in OpenAPI.
    const media =
      declared.content?.[type] ?? declared.content?.[`${type.split('/')[0]}/*`] ?? declared.content?.['*/*'];
    if (!media) {
      const listed = Object.keys(declared.content ?? {});
      if (listed.length)
        throw new Error(
          `${where} answered ${res.status} as ${type || 'no content type'}; declared: ${listed.join(', ')}`,
        );
      return;
    }
    if (!type.includes('json')) return;
    const schema = media.schema as z.ZodType | undefined;
    if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') return;
    const body = await decoded(res).json();
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      throw new Error(
        `${where} answered ${res.status} with a body its declared schema refuses:\n  ${issues.join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 500)}`,
      );
    }
  };
}
