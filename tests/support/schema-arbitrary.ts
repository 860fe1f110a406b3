import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.1) the generated documents use. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  example?: unknown;
}

/** A URL nobody listens on (the discard port): links in generated values never leave the machine. */
export const DEAD_URL = 'http://127.0.0.1:9/fuzz.png';

/** Strings that break naive code: control characters, lone surrogates, right-to-left marks, emoji, escapes. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e\u0041',
  '😀👍🏽',
  'ñ\u0301',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${x}',
  '\\',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x10',
];

/** A value no declaration expects: another type, a huge or hostile string. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1e21,
    Number.MAX_SAFE_INTEGER + 2,
    0.5,
    [],
    {},
    [null],
    { '': null },
    { __proto__: { polluted: true } },
  ),
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constant('x'.repeat(70_000)),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Strings inside examples that point outside become DEAD_URL. */
export function localised(value: unknown): unknown {
  if (typeof value === 'string') return /^https?:\/\//i.test(value) ? DEAD_URL : value;
  if (Array.isArray(value)) return value.map(localised);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localised(v)]));
  return value;
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uri' || s.format === 'url') return fc.constant(DEAD_URL);
  if (s.format === 'email') return fc.emailAddress();
  const size = { minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 40, 40)) };
  const plain = fc.oneof(fc.string(size), fc.string({ ...size, unit: 'grapheme' }));
  if (!s.pattern) return plain;
  try {
    return fc.oneof(fc.stringMatching(new RegExp(s.pattern)), plain);
  } catch {
    // fast-check cannot generate from some patterns (lookaheads): plain strings still test the refusal.
    return plain;
  }
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : (s.minimum ?? -1e9);
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : (s.maximum ?? 1e9);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values for a schema. `hostile` mixes in wrong types, huge and hostile strings at every level and
 * leaves out required properties; otherwise values follow the schema (and its examples) closely.
 * `known` offers values by property name that reach real rows (a linked phone, an existing group).
 */
export function schemaValue(
  schema: JsonSchema,
  refs: Record<string, JsonSchema>,
  hostile: boolean,
  known: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<unknown> {
  const of = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    if (s.$ref) return of(refs[s.$ref.split('/').pop()!] ?? {}, depth);
    const generated = byType(s, depth);
    const valid = s.example === undefined ? generated : fc.oneof(fc.constant(localised(s.example)), generated);
    return hostile ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostileValue }) : valid;
  };
  const byType = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const branches = s.anyOf ?? s.oneOf ?? s.allOf;
    if (branches) return fc.oneof(...branches.map((b) => of(b, depth)));
    if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => byType({ ...s, type }, depth)));
    // Request schemas are shallow; the bound only guards against a recursive one.
    if (depth > 5) return fc.constant(null);
    switch (s.type) {
      case 'string':
        return stringOf(s);
      case 'integer':
        return numberOf(s, true);
      case 'number':
        return numberOf(s, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(of(s.items ?? {}, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
        });
      case 'object': {
        const props = Object.fromEntries(
          Object.entries(s.properties ?? {}).map(([k, v]) => [
            k,
            known[k]
              ? fc.oneof({ weight: 3, arbitrary: known[k] }, { weight: 1, arbitrary: of(v, depth + 1) })
              : of(v, depth + 1),
          ]),
        );
        return fc.record(props, { requiredKeys: hostile ? [] : (s.required ?? []).filter((k) => k in props) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  return of(schema, 0);
}
