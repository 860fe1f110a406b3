import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/** A structured logger: one JSON object per line, filtered by LOG_LEVEL. */
export function jsonLog(level: keyof typeof LEVELS) {
  return (entry: Record<string, unknown>) => {
    const l = (entry.level as keyof typeof LEVELS | undefined) ?? 'info';
    if (LEVELS[l] < LEVELS[level]) return;
    console.log(JSON.stringify({ time: new Date().toISOString(), ...entry, level: l }));
  };
}

/** Paths that carry a secret (reset, invitation and unsubscribe links) are logged without it. */
export function loggablePath(path: string): string {
  return path.replace(/(\/verify\/[^/]+\/|^\/unsubscribe\/)[^/]+/, '$1[redacted]');
}

/** Logs each request with its id, status and duration (at info; server errors at error). */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const start = performance.now();
  await next();
  // Below info only failures are written: skip building an entry nobody will see.
  if (c.res.status < 500 && LEVELS[c.get('deps').config.LOG_LEVEL] > LEVELS.info) return;
  c.get('deps').log?.({
    level: c.res.status >= 500 ? 'error' : 'info',
    msg: 'request',
    requestId: c.get('requestId'),
    method: c.req.method,
    path: loggablePath(c.req.path),
    status: c.res.status,
    ms: Math.round((performance.now() - start) * 10) / 10,
  });
});
