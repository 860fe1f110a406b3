import { z } from 'zod';
import { LINKED_ENGINE_NAMES, type EngineName } from './shared/engines';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A gap between sends in ms, fixed (`500`) or jittered (`1000-3000`). */
const gap = z
  .string()
  .regex(/^\d{1,6}(-\d{1,6})?$/, 'must be milliseconds, like 500 or 1000-3000')
  .transform((s) => {
    const [a, b] = s.split('-').map(Number) as [number, number | undefined];
    return { min: Math.min(a, b ?? a), max: Math.max(a, b ?? a) };
  });

/** A JSON object of strings to strings (`{"IN":"socks5://..."}`); anything else fails with `message`. */
const stringMap = (message: string) =>
  z.string().transform((s, ctx) => {
    try {
      const v = JSON.parse(s) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string'))
        return v as Record<string, string>;
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  /** Where `npm start` listens; unset: 127.0.0.1 outside production (only this machine), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|libsql:|https?:|wss?:|:memory:)/, 'must start with file:, libsql:, http(s):, ws(s): or be :memory:')
    .default('file:data/wapi.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  APP_URL: z.url().optional(),
  /** Media links (webhooks, API answers, the console) point at this origin instead of the app's (`https://media.example.com`). */
  MEDIA_ORIGIN: z
    .url()
    .refine((v) => {
      const u = URL.parse(v);
      if (!u) return false;
      return (
        (u.protocol === 'http:' || u.protocol === 'https:') &&
        u.pathname === '/' &&
        !u.search &&
        !u.hash &&
        !u.username &&
        !u.password
      );
    }, 'must be an http(s) origin without a path, like https://media.example.com')
    .transform((v) => new URL(v).origin)
    .optional(),
  BRAND: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/, 'must be a lowercase slug')
    .default('wapi'),
  SUPPORT_EMAIL: z.email().default('support@wapi.dev'),
  MAIL_FROM: z.string().min(3).default('Wapi <no-reply@wapi.dev>'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Encrypts integration credentials at rest (any string of 32+ characters; the Node entry makes a development one in the data folder). */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Google's endpoints, replaceable so tests talk to local fakes. */
  GOOGLE_OAUTH_URL: z.url().default('https://oauth2.googleapis.com'),
  GOOGLE_SHEETS_URL: z.url().default('https://sheets.googleapis.com'),
  GOOGLE_PEOPLE_URL: z.url().default('https://people.googleapis.com'),
  DIALOGFLOW_URL: z.url().default('https://dialogflow.googleapis.com'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESET_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(10_000).max(100_000).default(100_000),
  TRUST_PROXY: bool.default(false),
  DEV_PHONE_LIMIT: z.coerce.number().int().min(0).max(1000).default(3),
  /** The product the back-office screens grid's 'Rocket Gizle' box hides (4-admin "Screens grid"). */
  ROCKET_PID: z.string().max(100).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  WA_ENGINE: z.enum(LINKED_ENGINE_NAMES).optional(),
  SIMULATOR: bool.optional(),
  RUN_PHONES: bool.default(true),
  RUNNER_ID: z
    .string()
    .regex(/^[\w.@:-]{1,100}$/, 'letters, digits and . _ @ : - only')
    .optional(),
  RUNNER_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  /** A runner process serves /healthz, /readyz, /metrics and nudges on this port (0: any free port); unset: no HTTP. */
  RUNNER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address other processes reach this runner at (`http://10.0.0.5:8788`); default: its host name and port. */
  RUNNER_ADDRESS: z.url().optional(),
  /** Signs nudges from the API to runners (HMAC); unset: runners take no nudges and poll. */
  WAKE_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** `GET /metrics` answers with `Authorization: Bearer <METRICS_TOKEN>`; unset: 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  BAILEYS_WS_URL: z.url().optional(),
  /** The official WhatsApp Cloud API (engine `cloud`): Meta's Graph API, replaceable so tests and the demo talk to a local fake. */
  WHATSAPP_CLOUD_API_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_CLOUD_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d{1,2}$/, 'must be a Graph API version like v21.0')
    .default('v21.0'),
  /** What Meta sends back as hub.verify_token when the webhook is registered; unset: the verification answers 403. */
  WHATSAPP_CLOUD_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  /** The Meta app's secret: webhook deliveries are signed with it (X-Hub-Signature-256); unset: every delivery answers 401. */
  WHATSAPP_CLOUD_APP_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  WA_PACING_MS: gap.default({ min: 1_000, max: 3_000 }),
  WA_SAME_CHAT_GAP_MS: z.coerce.number().int().min(0).max(600_000).default(6_000),
  SIM_PACING_MS: gap.default({ min: 0, max: 0 }),
  MOBILE_PROXIES: stringMap('must be a JSON object of region code to proxy URL, e.g. {"IN":"socks5://..."}').optional(),
  PADDLE_API_KEY: z.string().min(10).optional(),
  PADDLE_API_URL: z.url().default('https://sandbox-api.paddle.com'),
  PADDLE_WEBHOOK_SECRET: z.string().min(10).optional(),
  /** Our plan ids to Paddle price ids, e.g. {"569723":"pri_01h..."}. */
  PADDLE_PRICES: stringMap('must be a JSON object of plan id to Paddle price id').optional(),
  /** The local sandbox checkout in production too (demos); never its clock. */
  SANDBOX_BILLING: bool.optional(),
  /** When each of the six cart-recovery e-mails goes out, counted from the failed or closed checkout (m, h or d). */
  CART_RECOVERY_SCHEDULE: z
    .string()
    .regex(/^\d{1,4}[mhd](,\d{1,4}[mhd]){5}$/, 'must be six durations like 1h,1d,3d,5d,7d,10d')
    .transform((s) =>
      s
        .split(',')
        .map(
          (d) => Number(d.slice(0, -1)) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[d.slice(-1) as 'm' | 'h' | 'd'],
        ),
    )
    .default([3_600_000, 86_400_000, 3 * 86_400_000, 5 * 86_400_000, 7 * 86_400_000, 10 * 86_400_000]),
  DEMO_EMAIL: z.email().default('demo@wapi.dev'),
  DEMO_PASSWORD: z.string().min(8).default('Demo#2026wapi'),
  ADMIN_EMAIL: z.email().default('admin@wapi.dev'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin#2026wapi'),
});

export type Config = Omit<z.infer<typeof schema>, 'HOST'> & {
  /** The address the Node entry listens on (HOST, else 127.0.0.1 outside production and 0.0.0.0 in it). */
  HOST: string;
  /** True outside production: enables the local mailbox and development conveniences. */
  dev: boolean;
  /** Mail goes over SMTP when configured, else stays in the local outbox. */
  mailMode: 'smtp' | 'local';
  googleEnabled: boolean;
  /** The simulated WhatsApp network and its controls (/api/sim/*) are available. */
  simulator: boolean;
  /** The engine new phones get. */
  engine: EngineName;
  mobileProxies: Record<string, string>;
  /** Who takes payments: Paddle when its key is set, else the local sandbox checkout (none in production unless asked). */
  billing: 'paddle' | 'sandbox' | 'none';
  /** The sandbox clock (`POST /api/sandbox/clock`): tests and demos only, never production. */
  sandboxClock: boolean;
  /**
   * Base URL of every link the server hands out (e-mailed links, webhook reply links, media): APP_URL,
   * else the address the server was started on. Never the request's Host or X-Forwarded-Host.
   */
  publicUrl: string;
};

/**
 * The host of links when APP_URL is unset: the HOST the server was started on, or `localhost` when
 * HOST is unset or listens on every address (0.0.0.0, ::), which is no address to link to.
 */
function linkHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::' || host === '[::]') return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Thrown when a configuration value is wrong; its message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once. Empty strings count as unset so `FOO=` falls back to the default. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k in schema.shape && typeof v === 'string' && v !== ''),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = result.data;
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
  }
  if (c.NODE_ENV === 'production' && !c.APP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_URL: required when NODE_ENV=production (links in e-mails must not come from request headers)',
    );
  }
  const simulator = c.SIMULATOR ?? c.NODE_ENV !== 'production';
  const engine = c.WA_ENGINE ?? (simulator ? 'sim' : 'baileys');
  if (engine === 'sim' && !simulator) {
    throw new ConfigError(
      'Invalid configuration:\n  WA_ENGINE: "sim" needs the simulator; set SIMULATOR=true or WA_ENGINE=baileys',
    );
  }
  if (c.PADDLE_API_KEY && !c.PADDLE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  PADDLE_WEBHOOK_SECRET: required with PADDLE_API_KEY (webhooks are verified with it)',
    );
  }
  const host = c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  const billing = c.PADDLE_API_KEY ? 'paddle' : (c.SANDBOX_BILLING ?? c.NODE_ENV !== 'production') ? 'sandbox' : 'none';
  return {
    ...c,
    HOST: host,
    billing,
    sandboxClock: billing === 'sandbox' && c.NODE_ENV !== 'production',
    simulator,
    engine,
    mobileProxies: c.MOBILE_PROXIES ?? {},
    publicUrl: (c.APP_URL ?? `http://${linkHost(c.HOST)}:${c.PORT}`).replace(/\/+$/, ''),
    dev: c.NODE_ENV !== 'production',
    mailMode: c.SMTP_URL ? 'smtp' : 'local',
    googleEnabled: Boolean(c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET),
  };
}
