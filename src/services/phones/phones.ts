import { and, count, eq, notInArray } from 'drizzle-orm';
import { phones, type PhoneRow, type PhoneStateFlags } from '../../../db/schema';
import { ApiError } from '../../errors';
import { ENGINE_VERSIONS } from '../../engines/capabilities';
import type { ServiceCtx } from '../context';

/** Routes may not import the schema; they take the row type from here. */
export type { PhoneRow };

/** Phone ids are integers; anything else is simply not found. */
export function parsePhoneId(raw: string): number | null {
  return /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

/** A phone of the product, or 404 in the one error shape (another product's phone looks missing). */
export async function getPhone(ctx: ServiceCtx, pid: string, rawId: string | number): Promise<PhoneRow> {
  const id = typeof rawId === 'number' ? rawId : parsePhoneId(rawId);
  const row =
    id === null
      ? undefined
      : await ctx.db
          .select()
          .from(phones)
          .where(and(eq(phones.id, id), eq(phones.pid, pid)))
          .get();
  if (!row) throw new ApiError('NOT_FOUND', 'Phone not found.');
  return row;
}

export async function listPhoneRows(ctx: ServiceCtx, pid: string): Promise<PhoneRow[]> {
  return ctx.db.select().from(phones).where(eq(phones.pid, pid)).orderBy(phones.id).all();
}

/** The status every answer shows: a disabled phone is `disabled` whatever its session last said. */
export function effectiveStatus(row: Pick<PhoneRow, 'enabled' | 'status'>): PhoneRow['status'] | 'disabled' {
  return row.enabled ? row.status : 'disabled';
}

/** The default flags of a phone whose session has not reported yet. */
export function flagsOf(row: PhoneRow): PhoneStateFlags {
  return (
    row.state ?? {
      loggedIn: false,
      isQr: false,
      loading: row.enabled,
      connRetry: false,
      message: '',
      version: ENGINE_VERSIONS[row.engine],
      multidevice: true,
      state: { state: row.enabled ? 'OPENING' : 'DISABLED', canSend: false },
    }
  );
}

/** Partner mode shown for a phone (2-phones §4.3); subscriptions come later, so only their absence counts. */
function partnerMode(row: PhoneRow): 'live' | 'closed' | 'trial' {
  if (!row.enabled) return 'closed';
  if (row.partnerMode) return row.partnerMode;
  return row.id < LIVE_MODE_BELOW_ID ? 'live' : 'trial';
}
/** Phones with an id below this count as live mode (2-phones §9). */
const LIVE_MODE_BELOW_ID = 37657;

/** A phone as listPhones and addPhone answer it. */
export function phoneView(row: PhoneRow, queue = 0, withConfig = false) {
  return {
    id: row.id,
    pid: row.pid,
    number: row.number ?? '',
    name: row.name,
    status: effectiveStatus(row),
    type: row.type,
    engine: row.engine,
    multi_device: true,
    own_multi_device: true,
    version: flagsOf(row).version,
    proxy: Boolean(row.proxy),
    proxyRegion: row.proxyRegion,
    queue,
    active: row.enabled,
    deleted: false,
    mod: partnerMode(row),
    data: {
      sandbox: row.sandbox,
      mobile_proxy: Boolean(row.proxy),
      ...(withConfig ? { webhook: row.webhook ?? '', ack_delivery: row.ackDelivery ?? null } : {}),
    },
    ...(withConfig ? { config: { webhook: row.webhook ?? '', ack_delivery: row.ackDelivery ?? null } } : {}),
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

/** Enabled phones (or Instagram accounts) that count against their limit, but those in `except` (sandbox phones are free). */
export async function countedPhones(
  ctx: ServiceCtx,
  pid: string,
  except: readonly number[] = [],
  type: 'whatsapp' | 'instagram' = 'whatsapp',
): Promise<number> {
  const row = await ctx.db
    .select({ n: count() })
    .from(phones)
    .where(
      and(
        eq(phones.pid, pid),
        eq(phones.enabled, true),
        eq(phones.sandbox, false),
        eq(phones.type, type),
        ...(except.length ? [notInArray(phones.id, [...except])] : []),
      ),
    )
    .get();
  return row?.n ?? 0;
}
