import fc from 'fast-check';
import { hostileValue, localised, schemaValue, type JsonSchema } from './schema-arbitrary';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  example?: unknown;
}

/** One operation of an OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  id: string;
  method: string;
  path: string;
  params: Parameter[];
  body?: { schema: JsonSchema; examples: unknown[] };
  statuses: string[];
}

/** A request ready for `app.request`. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether the request carries the caller's credentials. */
  auth: 'good' | 'none' | 'wrong';
}

type Doc = { paths: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, JsonSchema> } };
type RawOperation = {
  operationId: string;
  parameters?: Parameter[];
  responses: Record<string, unknown>;
  requestBody?: {
    content: Record<string, { schema: JsonSchema; examples?: Record<string, { value: unknown }>; example?: unknown }>;
  };
};

/** Every operation of a document, with path-level parameters merged in. */
export function operationsOf(doc: Doc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters ?? []) as Parameter[];
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as RawOperation;
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const json = op.requestBody?.content['application/json'];
      const examples = json
        ? [
            ...Object.values(json.examples ?? {}).map((e) => e.value),
            ...(json.example === undefined ? [] : [json.example]),
          ].map(localised)
        : [];
      out.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        params: [...shared, ...(op.parameters ?? [])],
        statuses: Object.keys(op.responses),
        ...(json ? { body: { schema: json.schema, examples } } : {}),
      });
    }
  }
  return out;
}

/** Path segments that must be refused cleanly: traversal, malformed and odd percent-encoding. */
const RAW_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2F..%2Fapi',
  '%E0%A4%A',
  '%ZZ',
  '%',
  '%00',
  '%C0%AF',
  '%F0%9F%98%80',
  'a%2Fb',
  '-1',
  '0',
  '99999999999999999999',
  '1e3',
  ' ',
  '%20',
];

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Values for one path parameter: the caller's known ids first, then generated, then hostile raw segments. */
function segment(
  p: Parameter,
  refs: Record<string, JsonSchema>,
  known: fc.Arbitrary<string> | undefined,
): fc.Arbitrary<string> {
  const generated = schemaValue(
    { ...p.schema, ...(p.example === undefined ? {} : { example: p.example }) },
    refs,
    false,
  ).map((v) => encodeURIComponent(asText(v)) || 'x');
  const hostile = hostileValue.map((v) => encodeURIComponent(asText(v).slice(0, 2_000)) || 'x');
  return fc.oneof(
    ...(known ? [{ weight: 10, arbitrary: known }] : []),
    { weight: 2, arbitrary: generated },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: hostile },
  );
}

/** Query strings: declared parameters (wrong types sometimes), repeats, unknown names, broken escapes. */
function queryOf(
  params: Parameter[],
  refs: Record<string, JsonSchema>,
  known: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<string> {
  const pairs = params.map((p) => {
    const value = fc.oneof(
      { weight: 4, arbitrary: known[p.name] ?? schemaValue(p.schema ?? {}, refs, false).map(asText) },
      { weight: 1, arbitrary: hostileValue.map(asText) },
    );
    const pair = value.map((v) => `${encodeURIComponent(p.name)}=${encodeURIComponent(v.slice(0, 8_000))}`);
    return p.required ? fc.option(pair, { freq: 8, nil: '' }) : fc.option(pair, { nil: '' });
  });
  const odd = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'page=%E0%A4%A',
        'x=%ZZ',
        `${params[0]?.name ?? 'a'}=1&${params[0]?.name ?? 'a'}=2`,
        'page[]=1',
        '=&&=',
        'unknown=1',
      ),
    },
  );
  return fc.tuple(fc.tuple(...pairs), odd).map(([ps, extra]) => [...ps, extra].filter(Boolean).join('&'));
}

/** Bodies: schema values (valid and hostile), the examples and their mutations, broken text and content types. */
function bodyOf(
  body: NonNullable<Operation['body']>,
  refs: Record<string, JsonSchema>,
  known: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<{ type?: string; text: string }> {
  const json = (arb: fc.Arbitrary<unknown>) =>
    arb.map((v) => ({ type: 'application/json', text: JSON.stringify(v) ?? '' }));
  const examples = body.examples.length ? [fc.constantFrom(...body.examples)] : [];
  const mutatedExample = body.examples.length
    ? [
        fc.tuple(fc.constantFrom(...body.examples), fc.nat(), fc.option(hostileValue)).map(([ex, i, v]) => {
          if (!ex || typeof ex !== 'object' || Array.isArray(ex)) return v;
          const keys = Object.keys(ex);
          const key = keys[i % keys.length]!;
          const { [key]: _dropped, ...rest } = ex as Record<string, unknown>;
          return v === null ? rest : { ...rest, [key]: v };
        }),
      ]
    : [];
  const broken = fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"x"',
      '1',
      '{"__proto__":{"x":1}}',
      '\u0000',
      '{"a":1}garbage',
      '\ud800',
    ),
    fc.string({ unit: 'grapheme', maxLength: 50 }),
  );
  const otherType = fc
    .tuple(
      fc.constantFrom(
        undefined,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=fuzz',
        'application/xml',
        'application/json; charset=latin1',
      ),
      schemaValue(body.schema, refs, false, known),
    )
    .map(([type, v]) => ({
      ...(type ? { type } : {}),
      text:
        type === 'application/x-www-form-urlencoded'
          ? new URLSearchParams({ data: JSON.stringify(v) }).toString()
          : (JSON.stringify(v) ?? ''),
    }));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: json(
        fc.oneof(
          { weight: 1, arbitrary: schemaValue(body.schema, refs, false, known) },
          ...examples.map((arbitrary) => ({ weight: 4, arbitrary })),
        ),
      ),
    },
    { weight: 3, arbitrary: json(fc.oneof(schemaValue(body.schema, refs, true, known), ...mutatedExample)) },
    { weight: 1, arbitrary: broken.map((text) => ({ type: 'application/json', text })) },
    { weight: 1, arbitrary: otherType },
  );
}

/**
 * Requests for one operation. `known` gives values for parameters the caller can make meaningful
 * (its phone ids, another product's, nonexistent ones), `knownFields` the same for body fields;
 * everything else comes from the declaration.
 */
export function requestsFor(
  op: Operation,
  opts: {
    prefix: string;
    refs: Record<string, JsonSchema>;
    known: Record<string, fc.Arbitrary<string>>;
    knownFields: Record<string, fc.Arbitrary<unknown>>;
  },
): fc.Arbitrary<FuzzRequest> {
  const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const segments = fc.tuple(
    ...pathParams.map((name) =>
      segment(
        op.params.find((p) => p.name === name && p.in === 'path') ?? { name, in: 'path' },
        opts.refs,
        opts.known[name],
      ),
    ),
  );
  const query = queryOf(
    op.params.filter((p) => p.in === 'query'),
    opts.refs,
    opts.known,
  );
  const header = (p: Parameter) =>
    fc.oneof(
      { weight: 3, arbitrary: schemaValue(p.schema ?? {}, opts.refs, false) },
      { weight: 1, arbitrary: hostileValue },
    );
  const headers = fc.tuple(
    ...op.params
      .filter((p) => p.in === 'header')
      .map((p) =>
        fc.option(
          header(p).map(
            (v) =>
              [
                p.name,
                asText(v)
                  .replace(/[^\x20-\x7e]/g, '')
                  .slice(0, 300),
              ] as const,
          ),
          { nil: undefined, freq: 2 },
        ),
      ),
  );
  const body = op.body
    ? fc.option(bodyOf(op.body, opts.refs, opts.knownFields), { freq: 10, nil: undefined })
    : fc.constant(undefined);
  const auth = fc.constantFrom<FuzzRequest['auth']>('good', 'good', 'good', 'good', 'good', 'good', 'none', 'wrong');
  return fc.tuple(segments, query, headers, body, auth).map(([values, q, hs, b, a]) => {
    let i = 0;
    const path = op.path.replace(/\{[^}]+\}/g, () => values[i++]!);
    const headerList: Record<string, string> = Object.fromEntries(hs.filter((h) => h !== undefined));
    if (b?.type) headerList['content-type'] = b.type;
    return {
      method: op.method,
      url: `${opts.prefix}${path}${q ? `?${q}` : ''}`,
      headers: headerList,
      ...(b ? { body: b.text } : {}),
      auth: a,
    };
  });
}
