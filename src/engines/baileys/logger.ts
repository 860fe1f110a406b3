import type { SocketConfig } from 'baileys';
import type { SessionEvents } from '../types';

/** The pino-like logger Baileys requires. */
export type BaileysLogger = SocketConfig['logger'];

export type BaileysLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const RANK = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, silent: 100 } as const;
const MAX_FIELD_CHARS = 300;

/** Keeps what reads well in a JSON log line: errors as their message, short scalars; drops nodes and buffers. */
function fields(obj: unknown): Record<string, unknown> {
  if (obj instanceof Error) return { err: obj.message };
  if (!obj || typeof obj !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v instanceof Error) out[k] = v.message;
    else if (typeof v === 'string') out[k] = v.slice(0, MAX_FIELD_CHARS);
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/**
 * A logger Baileys can use, forwarding entries at or above `level` to the session's log callback.
 * Baileys checks `logger.level` before building expensive trace output, so a high level keeps it quiet.
 */
export function createBaileysLogger(
  sink: SessionEvents['log'],
  level: BaileysLogLevel,
  bindings: Record<string, unknown> = {},
): BaileysLogger {
  const at =
    (l: Exclude<keyof typeof RANK, 'silent'>) =>
    (obj: unknown, msg?: string): void => {
      if (!sink || RANK[l] < RANK[level]) return;
      const text = typeof obj === 'string' ? obj : (msg ?? '');
      sink({ ...bindings, ...fields(obj), level: l === 'trace' ? 'debug' : l, msg: `baileys: ${text}` });
    };
  return {
    level,
    child: (more) => createBaileysLogger(sink, level, { ...bindings, ...fields(more) }),
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}
