import { brandName } from '../../shared/brand';
import { jsonSchema } from './json-schema';
import { errorShape } from '../../shared/schemas/common';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { routes } from '../kit/declare';
import { consoleRoutes, type ConsoleGroupOptions } from '../console-groups';
import { healthRoutes } from '../ops/health';
import { metricsRoutes } from '../ops/metrics';
import { partnerRoutes } from '../messaging/partner';

type Operation = { operationId?: string; parameters?: { name: string; in: string }[] };

/** The console backend's groups where the app mounts them (sim and mailbox only when this server serves them). */
function consoleGroup(opts: ConsoleGroupOptions) {
  return routes()
    .route('/healthz', healthRoutes)
    .route('/metrics', metricsRoutes)
    .route('/partner/:product_id', partnerRoutes)
    .route('/', consoleRoutes(opts));
}

/**
 * A path as OpenAPI writes it: routing patterns dropped from parameters, in both notations the
 * declarations use (`{id{[0-9]+}}`, `:file{[0-9]{6,15}\.png}`, `:name?`).
 */
export function documentedPath(path: string): string {
  let out = '';
  let i = 0;
  while (i < path.length) {
    const named = /^([{:])(\w+)/.exec(path.slice(i));
    if (!named) {
      out += path[i++];
      continue;
    }
    i = afterPattern(path, i + named[0].length);
    if (path[i] === '?') i++;
    if (named[1] === '{') i++;
    out += `{${named[2]}}`;
  }
  return out;
}

/** The index after a `{regex}` starting at `i` (braces inside it balanced), or `i` when there is none. */
function afterPattern(path: string, i: number): number {
  if (path[i] !== '{') return i;
  for (let depth = 0; i < path.length; i++) {
    if (path[i] === '{') depth++;
    else if (path[i] === '}' && --depth === 0) return i + 1;
  }
  return i;
}

const PRODUCT_ID = {
  name: 'product_id',
  in: 'path',
  required: true,
  description: 'Your product id',
  schema: { type: 'string', format: 'uuid' },
};

/**
 * The OpenAPI 3.1 description of the console backend (accounts, the brand's product calls, the
 * partner path, the simulator's controls, pages), generated from the route declarations.
 */
export function consoleDocument(opts: {
  serverUrl: string;
  brand: string;
  simulator: boolean;
  mailbox: boolean;
  version?: string;
}) {
  const generated = consoleGroup(opts).getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: '', version: '' },
  }) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [raw, ops] of Object.entries(generated.paths)) {
    const path = documentedPath(raw);
    const entry: Record<string, unknown> = (paths[path] ??= {});
    if (path.includes('{product_id}')) entry.parameters = [PRODUCT_ID];
    for (const [method, op] of Object.entries(ops)) {
      entry[method] = { operationId: `${method}${path.replace(/[^\w]+/g, '_')}`, ...op };
    }
  }
  const name = brandName(opts.brand);
  return {
    openapi: '3.1.0',
    info: {
      title: `${name} console API`,
      version: opts.version ?? '1.0.0',
      description:
        'The calls the console makes. A session cookie signs the user in (login, register or Google); every call other than GET must echo the readable `wapi_csrf` cookie in the **x-csrf-token** header. Bodies are JSON, a form, or a form whose one field carries JSON.',
    },
    servers: [{ url: opts.serverUrl }],
    tags: Object.values(CONSOLE_TAGS).map((t) => ({ name: t })),
    paths,
    components: {
      securitySchemes: {
        SessionCookie: { type: 'apiKey', in: 'cookie', name: 'wapi_session' },
        AgentSessionCookie: { type: 'apiKey', in: 'cookie', name: 'wapi_live_session' },
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        TokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
      },
      schemas: { ...generated.components?.schemas, Error: jsonSchema(errorShape) },
    },
  };
}
