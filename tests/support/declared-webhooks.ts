import type { PostWebhook } from '../../src/services/webhooks/port';

/**
 * Every webhook body a test sees is checked against the schema our own `/api/openapi.json` publishes
 * for it (its `webhooks`): the in-process suites' poster (tests/support/test-app.ts) and the
 * receivers of the browser suite's servers (tests/support/receiver.ts and others) hand each body to
 * `checkWebhookBody`. A body no declared webhook accepts is kept here, and the setup file
 * (tests/support/webhook-setup.ts) fails the test during which it was delivered.
 */

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
interface DeclaredWebhook {
  name: string;
  type: unknown;
  validate: Validate;
}

let declared: Promise<DeclaredWebhook[]> | undefined;

/** The document's webhooks, each with a compiled JSON Schema (2020-12) validator. Loaded on first use. */
export function declaredWebhooks(): Promise<DeclaredWebhook[]> {
  declared ??= (async () => {
    const [{ Ajv2020 }, { openApiDocument }] = await Promise.all([
      import('ajv/dist/2020.js'),
      import('../../src/routes/openapi/messaging-document'),
    ]);
    const doc = openApiDocument({ serverUrl: 'http://localhost', brand: 'wapi' });
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    return Object.entries(doc.webhooks).map(([name, hook]) => {
      const schema = hook.post.requestBody.content['application/json'].schema as {
        properties?: { type?: { const?: unknown } };
      };
      return { name, type: schema.properties?.type?.const, validate: ajv.compile(schema) as Validate };
    });
  })();
  return declared;
}

/**
 * Why a body is not one the document declares (null when a declared webhook accepts it): the
 * errors of the webhooks whose `type` it carries.
 */
export async function undeclaredWebhook(body: unknown): Promise<string | null> {
  const hooks = await declaredWebhooks();
  if (hooks.some((h) => h.validate(body))) return null;
  const type = (body as { type?: unknown } | null)?.type;
  const candidates = hooks.filter((h) => h.type === type);
  if (!candidates.length) return `no declared webhook has the type ${JSON.stringify(type)}`;
  return candidates
    .map((h) => {
      h.validate(body);
      const errors = (h.validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
      return `${h.name}: ${errors.join('; ')}`;
    })
    .join(' | ');
}

const found: string[] = [];
const seen = new Set<string>();
const pending = new Set<Promise<void>>();

/** Checks one delivered body (the raw JSON); one that fails is kept for the test's end (once per event id). */
export function checkWebhookBody(raw: string, eventId?: string): Promise<void> {
  const key = eventId ?? raw;
  if (seen.has(key)) return Promise.resolve();
  seen.add(key);
  const check = (async () => {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      found.push(`not JSON: ${raw.slice(0, 200)}`);
      return;
    }
    const why = await undeclaredWebhook(body);
    if (why) found.push(`${raw.slice(0, 600)}\n  → ${why}`);
  })();
  pending.add(check);
  void check.finally(() => pending.delete(check));
  return check;
}

/** The bodies found undeclared since the last call, once the checks under way finished (the setup file's afterEach). */
export async function takeUndeclared(): Promise<string[]> {
  await Promise.all(pending);
  return found.splice(0);
}

/** A poster that checks every body it posts against the document before posting it. */
export function checkedPoster(post: PostWebhook): PostWebhook {
  return async (url, body, headers) => {
    await checkWebhookBody(body, headers['webhook-id']);
    return post(url, body, headers);
  };
}
