import { eq } from 'drizzle-orm';
import { phones, type PhoneRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { phoneChanged } from '../cache';
import type { ServiceCtx } from '../context';
import { redeploy } from './lifecycle';

/** Region codes the proxy call takes (2-phones §5); India is the default and sends no region. */
const PROXY_REGIONS = ['SA', 'ZA', 'AR', 'NAF'] as const;
const DEFAULT_REGION = 'IN';

const SANDBOX_PROXY_MESSAGE = 'Mobile proxy is not available for sandbox phones.';

/**
 * Puts a phone behind a mobile proxy of a region (or takes it off) and redeploys it. Proxy addresses
 * come from MOBILE_PROXIES; simulated phones only record the region.
 */
export async function setMobileProxy(
  ctx: ServiceCtx,
  phone: PhoneRow,
  input: { mobile_proxy?: unknown; proxy_region?: unknown },
): Promise<PhoneRow> {
  if (phone.sandbox) throw new ApiError('BAD_REQUEST', SANDBOX_PROXY_MESSAGE);
  const on =
    input.mobile_proxy === undefined
      ? true
      : input.mobile_proxy === true || input.mobile_proxy === 'true' || input.mobile_proxy === 1;
  const region =
    input.proxy_region === undefined || input.proxy_region === null || input.proxy_region === ''
      ? null
      : String(input.proxy_region);
  if (region !== null && !(PROXY_REGIONS as readonly string[]).includes(region)) {
    throw new ApiError('VALIDATION', `proxy_region must be one of ${PROXY_REGIONS.join(', ')}, or left out for India.`);
  }
  let proxy: string | null = null;
  if (on) {
    const key = region ?? DEFAULT_REGION;
    proxy = ctx.config.mobileProxies[key] ?? (phone.engine === 'sim' ? `sim://${key}` : null);
    if (!proxy)
      throw new ApiError(
        'NOT_CONFIGURED',
        `No mobile proxy is configured for region ${key} on this server (MOBILE_PROXIES).`,
      );
  }
  const row = await ctx.db
    .update(phones)
    .set({ proxy, proxyRegion: on ? region : null, updatedAt: ctx.now() })
    .where(eq(phones.id, phone.id))
    .returning()
    .get();
  phoneChanged(ctx, phone);
  return phone.enabled ? redeploy(ctx, row!) : row!;
}
