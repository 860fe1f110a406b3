import type { openApiDocument } from './messaging-document';
import { EXTRAS, FIRST_FOLDER, FOLDER_ORDER, LAST_FOLDER, START_VARIABLES, STEPS, type Step } from './postman-plan';
import { preRequestScript, testScript } from './postman-scripts';

type Doc = ReturnType<typeof openApiDocument>;
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  required?: string[];
};
type Param = { name: string; in: string; required?: boolean; example?: unknown; schema?: JsonSchema };
type Operation = {
  tags: string[];
  summary: string;
  parameters?: Param[];
  requestBody?: {
    content: { 'application/json': { schema: JsonSchema; examples?: Record<string, { value: unknown }> } };
  };
};

/** A plausible example value for a JSON schema (its example, default, first choice of unions and enums). */
function sample(s: JsonSchema | undefined): unknown {
  if (!s) return {};
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.[0]) return sample(alt[0]);
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => (s.required ?? []).includes(k))
          .map(([k, v]) => [k, sample(v)]),
      );
    case 'array':
      return [sample(s.items)];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'example';
  }
}

function url(path: string, params: Param[], step: Step) {
  const p = path.replace(/\{(\w+)\}/g, (_m, name: string) => `{{${step.vars?.[name] ?? name}}}`);
  const query = params
    .filter((q) => q.in === 'query')
    .map((q) => {
      const chosen = step.query?.[q.name];
      const value = chosen ?? String(q.example ?? q.schema?.example ?? q.schema?.default ?? '');
      return { key: q.name, value, ...(chosen === undefined && !q.required ? { disabled: true } : {}) };
    });
  const enabled = query.filter((q) => !q.disabled);
  const raw = `{{baseUrl}}/api/{{product_id}}${p}${enabled.length ? `?${enabled.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`;
  return {
    raw,
    host: ['{{baseUrl}}'],
    path: ['api', '{{product_id}}', ...p.split('/').filter(Boolean)],
    ...(query.length ? { query } : {}),
  };
}

function request(name: string, method: string, path: string, op: Operation, body: unknown, step: Step) {
  const pre = preRequestScript(step.guard, step.wait);
  const raw = step.raw ?? (body === undefined ? undefined : JSON.stringify(body, null, 2));
  return {
    name,
    event: [
      ...(pre ? [{ listen: 'prerequest', script: { type: 'text/javascript', exec: pre.split('\n') } }] : []),
      { listen: 'test', script: { type: 'text/javascript', exec: testScript(step) } },
    ],
    request: {
      method: method.toUpperCase(),
      description: op.summary,
      header: raw === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }],
      url: url(path, op.parameters ?? [], step),
      ...(raw === undefined ? {} : { body: { mode: 'raw', raw, options: { raw: { language: 'json' } } } }),
    },
    response: [],
  };
}

type Planned = { folder: string; rank?: number; item: ReturnType<typeof request> };

function planned(name: string, method: string, path: string, op: Operation, body: unknown, step: Step): Planned {
  const folder = step.first ? FIRST_FOLDER : step.last ? LAST_FOLDER : (step.folder ?? op.tags[0]!);
  return { folder, rank: step.first ?? step.last, item: request(name, method, path, op, step.body ?? body, step) };
}

/** Every request of the document with its step, in document order, then the extra ones. */
function requests(doc: Doc) {
  const out: Planned[] = [];
  const ops = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const json = op.requestBody?.content['application/json'];
      const key = `${method.toUpperCase()} ${path}`;
      ops.set(key, op);
      const bodies: [string | undefined, unknown][] = json?.examples
        ? Object.entries(json.examples).map(([k, v]) => [k, v.value])
        : [[undefined, json ? sample(json.schema) : undefined]];
      for (const [example, body] of bodies) {
        const step = STEPS[example ? `${key}#${example}` : key] ?? {};
        out.push(planned(example ? `${path.split('/').pop()} – ${example}` : key, method, path, op, body, step));
      }
    }
  }
  for (const extra of EXTRAS) {
    const op = ops.get(extra.op);
    if (!op) continue;
    const [method, path] = extra.op.split(' ') as [string, string];
    out.push(planned(extra.name, method.toLowerCase(), path, op, undefined, extra.step));
  }
  return out;
}

const FOLDER_DESCRIPTIONS: Record<string, string> = {
  [FIRST_FOLDER]:
    "Saves the product webhook and ack preference and the phone's own ack preference (restored at the end), points the webhook at this server's default webhook for the run, and adds a phone and an Instagram account of the collection's own where the account has room (or reuses the ones an earlier run left).",
  [LAST_FOLDER]:
    "Calls that end a session or delete things, on the collection's own phone: they run after everything else. Then the collection's phone and Instagram account are deleted and the saved settings restored.",
};

/** Folders in running order: the first folder, FOLDER_ORDER, other tags as they come, then the last folder; first and last sorted by their steps. */
function folders(list: Planned[]) {
  const names = [...new Set([FIRST_FOLDER, ...FOLDER_ORDER, ...list.map((r) => r.folder)])]
    .filter((f) => f !== LAST_FOLDER)
    .concat(LAST_FOLDER);
  return names
    .map((name) => ({
      name,
      ...(FOLDER_DESCRIPTIONS[name] ? { description: FOLDER_DESCRIPTIONS[name] } : {}),
      item: list
        .filter((r) => r.folder === name)
        .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
        .map((r) => r.item),
    }))
    .filter((f) => f.item.length);
}

/**
 * A Postman v2.1 collection of the OpenAPI document, with the product id, token and a phone id filled
 * in as collection variables. Run top to bottom (newman or the Collection Runner) against any product
 * with a linked phone, every request passes its own tests or is skipped with a note, and the account
 * is left as it was found (see postman-plan.ts).
 */
export function postmanCollection(
  doc: Doc,
  vars: { baseUrl: string; productId: string; token: string; phoneId: string; name: string },
) {
  return {
    info: {
      _postman_id: crypto.randomUUID(),
      name: `${vars.name} WhatsApp API`,
      description: doc.info.description,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'x-api-key', type: 'string' },
        { key: 'value', value: '{{token}}', type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      { key: 'baseUrl', value: vars.baseUrl },
      { key: 'product_id', value: vars.productId },
      { key: 'token', value: vars.token },
      { key: 'phone_id', value: vars.phoneId },
      ...Object.entries(START_VARIABLES).map(([key, value]) => ({ key, value })),
    ],
    item: folders(requests(doc)),
  };
}
