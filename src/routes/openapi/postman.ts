import type { openApiDocument } from './messaging-document';
import { FOLDER_ORDER, LAST_FOLDER, PRE_REQUEST, START_VARIABLES, STEPS, type Step } from './postman-plan';

type Doc = ReturnType<typeof openApiDocument>;
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; enum?: unknown[]; default?: unknown; example?: unknown; required?: string[] };
type Param = { name: string; in: string; required?: boolean; example?: unknown; schema?: JsonSchema };
type Operation = { tags: string[]; summary: string; parameters?: Param[]; requestBody?: { content: { 'application/json': { schema: JsonSchema; examples?: Record<string, { value: unknown }> } } } };

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
      return Object.fromEntries(Object.entries(s.properties ?? {}).filter(([k]) => (s.required ?? []).includes(k)).map(([k, v]) => [k, sample(v)]));
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
  const query = params.filter((q) => q.in === 'query').map((q) => {
    const chosen = step.query?.[q.name];
    const value = chosen ?? String(q.example ?? q.schema?.example ?? q.schema?.default ?? '');
    return { key: q.name, value, ...(chosen === undefined && !q.required ? { disabled: true } : {}) };
  });
  const enabled = query.filter((q) => !q.disabled);
  const raw = `{{baseUrl}}/api/{{product_id}}${p}${enabled.length ? `?${enabled.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`;
  return { raw, host: ['{{baseUrl}}'], path: ['api', '{{product_id}}', ...p.split('/').filter(Boolean)], ...(query.length ? { query } : {}) };
}

/** The request's tests: the expected status, then the variables it saves for later requests. */
function testScript(step: Step): string[] {
  const expected = step.expect ?? [200];
  const lines = [`pm.test('answers ${expected.join(' or ')}', () => pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(expected)}));`];
  for (const [name, at] of Object.entries(step.save ?? {})) {
    const read = `pm.response.json()${at.split('.').map((k) => `[${JSON.stringify(k)}]`).join('')}`;
    lines.push(`pm.test('gives ${name}', () => { const v = ${read}; pm.expect(typeof v === 'number' || (typeof v === 'string' && v.length > 0)).to.equal(true); pm.collectionVariables.set('${name}', String(v)); });`);
  }
  return lines;
}

function request(name: string, method: string, path: string, op: Operation, body: unknown, step: Step) {
  return {
    name,
    event: [
      ...(step.pre ? [{ listen: 'prerequest', script: { type: 'text/javascript', exec: PRE_REQUEST[step.pre].split('\n') } }] : []),
      { listen: 'test', script: { type: 'text/javascript', exec: testScript(step) } },
    ],
    request: {
      method: method.toUpperCase(),
      description: op.summary,
      header: body === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }],
      url: url(path, op.parameters ?? [], step),
      ...(body === undefined ? {} : { body: { mode: 'raw', raw: JSON.stringify(body, null, 2), options: { raw: { language: 'json' } } } }),
    },
    response: [],
  };
}

/** Every request of the document with its step, in document order. */
function requests(doc: Doc) {
  const out: { folder: string; last?: number; item: ReturnType<typeof request> }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const json = op.requestBody?.content['application/json'];
      const key = `${method.toUpperCase()} ${path}`;
      const bodies: [string | undefined, unknown][] = json?.examples ? Object.entries(json.examples).map(([k, v]) => [k, v.value]) : [[undefined, json ? sample(json.schema) : undefined]];
      for (const [example, body] of bodies) {
        const step = STEPS[example ? `${key}#${example}` : key] ?? {};
        const name = example ? `${path.split('/').pop()} – ${example}` : key;
        out.push({ folder: step.last ? LAST_FOLDER : (step.folder ?? op.tags[0]!), last: step.last, item: request(name, method, path, op, step.body ?? body, step) });
      }
    }
  }
  return out;
}

/** Folders in running order: FOLDER_ORDER, then other tags as they come, then the last folder sorted by its steps. */
function folders(list: ReturnType<typeof requests>) {
  const names = [...new Set([...FOLDER_ORDER, ...list.map((r) => r.folder)])].filter((f) => f !== LAST_FOLDER);
  const last = list.filter((r) => r.folder === LAST_FOLDER).sort((a, b) => a.last! - b.last!);
  return [
    ...names.map((name) => ({ name, item: list.filter((r) => r.folder === name).map((r) => r.item) })).filter((f) => f.item.length),
    ...(last.length ? [{ name: LAST_FOLDER, description: 'Calls that end the session or delete things: they run after everything else.', item: last.map((r) => r.item) }] : []),
  ];
}

/**
 * A Postman v2.1 collection of the OpenAPI document, with the product id, token and a phone id filled
 * in as collection variables. Run top to bottom (newman or the Collection Runner) against a product
 * with one linked phone, every request passes its own tests.
 */
export function postmanCollection(doc: Doc, vars: { baseUrl: string; productId: string; token: string; phoneId: string; name: string }) {
  return {
    info: {
      _postman_id: crypto.randomUUID(),
      name: `${vars.name} WhatsApp API`,
      description: doc.info.description,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: { type: 'apikey', apikey: [{ key: 'key', value: 'x-api-key', type: 'string' }, { key: 'value', value: '{{token}}', type: 'string' }, { key: 'in', value: 'header', type: 'string' }] },
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
