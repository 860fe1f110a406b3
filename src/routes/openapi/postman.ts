import type { openApiDocument } from './messaging-document';

type Doc = ReturnType<typeof openApiDocument>;
type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; enum?: unknown[]; default?: unknown; required?: string[] };

/** A plausible example value for a JSON schema (the first choice of unions and enums). */
function sample(s: JsonSchema | undefined): unknown {
  if (!s) return {};
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.[0]) return sample(alt[0]);
  switch (s.type) {
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
      return '...';
  }
}

function url(path: string, query: string[] = []) {
  const p = path.replace(/\{(\w+)\}/g, '{{$1}}');
  const raw = `{{baseUrl}}/api/{{product_id}}${p}${query.length ? `?${query.map((q) => `${q}=`).join('&')}` : ''}`;
  return { raw, host: ['{{baseUrl}}'], path: ['api', '{{product_id}}', ...p.split('/').filter(Boolean)], ...(query.length ? { query: query.map((key) => ({ key, value: '', disabled: true })) } : {}) };
}

/**
 * A Postman v2.1 collection of the OpenAPI document, with the product id, token and a phone id filled
 * in as collection variables (one request per sendMessage example).
 */
export function postmanCollection(doc: Doc, vars: { baseUrl: string; productId: string; token: string; phoneId: string; name: string }) {
  const folders = new Map<string, unknown[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as { tags: string[]; summary: string; parameters?: { name: string; in: string }[]; requestBody?: { content: { 'application/json': { schema: JsonSchema; examples?: Record<string, { value: unknown }> } } } };
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const json = op.requestBody?.content['application/json'];
      const bodies: [string, unknown][] = json?.examples ? Object.entries(json.examples).map(([k, v]) => [k, v.value]) : json ? [[op.summary, sample(json.schema)]] : [[op.summary, undefined]];
      const list = folders.get(op.tags[0]!) ?? [];
      for (const [name, body] of bodies) {
        list.push({
          name: json?.examples ? `${path.split('/').pop()} – ${name}` : `${method.toUpperCase()} ${path}`,
          request: {
            method: method.toUpperCase(),
            description: op.summary,
            header: body === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }],
            url: url(path, query),
            ...(body === undefined ? {} : { body: { mode: 'raw', raw: JSON.stringify(body, null, 2), options: { raw: { language: 'json' } } } }),
          },
          response: [],
        });
      }
      folders.set(op.tags[0]!, list);
    }
  }
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
      { key: 'conversation_id', value: '905301234567@c.us' },
      { key: 'delivery_id', value: '1' },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}
