import { count, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { phones } from '../../../db/schema';
import { ApiError } from '../../errors';
import { SCREEN_FILTERS, type ScreenFilter } from '../../shared/staff-limits';
import type { ServiceCtx } from '../context';
import type { PhoneRow } from '../phones/phones';
import { all, packageCol, pagePhones } from './phone-rows';

/** The phones a set of status filters shows: `disabled` is a disabled phone, the rest enabled ones in those statuses. */
function shown(keys: readonly ScreenFilter[]) {
  const statuses = keys.filter((k) => k !== 'disabled').flatMap((k) => SCREEN_FILTERS[k].statuses as readonly string[]);
  const enabledIn = statuses.length
    ? all(eq(phones.enabled, true), inArray(phones.status, statuses as PhoneRow['status'][]))
    : undefined;
  return or(enabledIn, keys.includes('disabled') ? eq(phones.enabled, false) : undefined) ?? eq(phones.id, -1);
}

/**
 * A page of phone screens for the grid (`listScreens`): each phone's screen image link (the PNG the
 * messaging API's screen call draws), with its last change, after the grid's filters.
 */
export async function listScreens(
  ctx: ServiceCtx,
  brand: string,
  q: { show?: string; hideRocket?: boolean; hideFree?: boolean; page: number; limit: number },
) {
  const keys =
    q.show === undefined ? undefined : (q.show.split(',').filter((k) => k in SCREEN_FILTERS) as ScreenFilter[]);
  const rocket = ctx.config.ROCKET_PID;
  const where = all(
    keys && shown(keys),
    q.hideRocket && rocket && ne(phones.pid, rocket),
    q.hideFree && isNotNull(packageCol),
  );
  const [{ rows, total }, everything] = await Promise.all([
    pagePhones(ctx, where, q),
    ctx.db.select({ n: count() }).from(phones).get(),
  ]);
  return {
    result: rows.map((r) => ({
      id: r.phone.id,
      pid: r.phone.pid,
      email: r.email,
      status: r.phone.enabled ? r.phone.status : 'disabled',
      image_link: `/api/${brand}/admin/screen/${r.phone.id}`,
      modified_date: new Date(r.phone.updatedAt).toISOString(),
    })),
    total,
    all: everything?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/** Any product's phone by id, for staff (404 when there is none). */
export async function anyPhone(ctx: ServiceCtx, id: number): Promise<PhoneRow> {
  const row = await ctx.db.select().from(phones).where(eq(phones.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', 'Phone not found.');
  return row;
}
