import type { AppContext } from '../../env';

/** The caller's address: the runtime's own answer, or the proxy's header when TRUST_PROXY is set. */
export function clientIp(c: AppContext): string {
  if (c.get('deps').config.TRUST_PROXY) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  return c.get('deps').clientIp?.(c) ?? 'unknown';
}
