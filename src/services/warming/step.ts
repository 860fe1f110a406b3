import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { phones, warmingPhones, type PhoneRow, type WarmingRow } from '../../../db/schema';
import { lastByChatAndDirection } from '../messages/stats';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { acceptMessage } from '../messages/accept';
import { answer, opener } from './chatter';
import { dailyCap, dayOf, daysInPool, IDLE_RETRY_MS, nextDayStart, nextGap } from './pace';

const PHONE_NOT_ACTIVE = 'The phone is not active.';
const NO_PARTNER = 'No other active phone in the pool to talk to.';

/** The other phones of the product's pool that can receive now: active records of active, linked phones. */
async function partnersOf(ctx: ServiceCtx, w: WarmingRow): Promise<PhoneRow[]> {
  const rows = await ctx.db
    .select({ p: phones })
    .from(warmingPhones)
    .innerJoin(phones, eq(phones.id, warmingPhones.phoneId))
    .where(
      and(
        eq(warmingPhones.pid, w.pid),
        eq(warmingPhones.status, 'active'),
        ne(warmingPhones.phoneId, w.phoneId),
        eq(phones.enabled, true),
        eq(phones.status, 'active'),
        isNotNull(phones.number),
      ),
    )
    .all();
  return rows.map((r) => r.p);
}

/**
 * Whom to write and what: a partner whose last message is still unanswered gets an answer (answers
 * are what the risk score rewards); otherwise the partner this phone wrote to least recently gets an
 * opener, so the conversations go round the pool.
 */
async function choose(
  ctx: ServiceCtx,
  phone: PhoneRow,
  partners: PhoneRow[],
  random: () => number,
): Promise<{ to: PhoneRow; text: string }> {
  const jids = partners.map((p) => `${p.number}@c.us`);
  const last = await lastByChatAndDirection(ctx.db, phone.id, jids);
  const seen = (p: PhoneRow, direction: 'in' | 'out') =>
    last.find((r) => r.chatId === `${p.number}@c.us` && r.direction === direction)?.at ?? 0;
  const unanswered = partners
    .filter((p) => seen(p, 'in') > seen(p, 'out'))
    .sort((a, b) => seen(a, 'in') - seen(b, 'in'));
  if (unanswered[0]) return { to: unanswered[0], text: answer(random) };
  const oldest = Math.min(...partners.map((p) => seen(p, 'out')));
  const candidates = partners.filter((p) => seen(p, 'out') === oldest);
  return { to: candidates[Math.floor(random() * candidates.length)] ?? partners[0]!, text: opener(random) };
}

/**
 * One turn of a claimed pool record: within the phone's daily cap, one message to a partner of the
 * pool through the send queue, then the next turn scheduled at a humane distance. Anything that
 * stops the turn is recorded on the record and retried later; the lease is always released.
 */
export async function warmingTurn(
  ctx: ServiceCtx,
  w: WarmingRow,
  random: () => number,
): Promise<'sent' | 'capped' | 'idle' | 'failed'> {
  const now = ctx.now();
  const today = dayOf(now);
  const sentToday = w.day === today ? w.sentToday : 0;
  const cap = dailyCap(daysInPool(w.joinedAt, now));
  const done = (set: Partial<WarmingRow>) =>
    ctx.db
      .update(warmingPhones)
      .set({ day: today, sentToday, leaseUntil: 0, ...set })
      .where(eq(warmingPhones.id, w.id));
  if (sentToday >= cap) {
    await done({ nextAt: nextDayStart(now, random) });
    return 'capped';
  }
  const phone = await ctx.db.select().from(phones).where(eq(phones.id, w.phoneId)).get();
  if (!phone || !phone.enabled || phone.status !== 'active' || !phone.number) {
    await done({ nextAt: now + IDLE_RETRY_MS, lastError: PHONE_NOT_ACTIVE });
    return 'idle';
  }
  const partners = await partnersOf(ctx, w);
  if (!partners.length) {
    await done({ nextAt: now + IDLE_RETRY_MS, lastError: NO_PARTNER });
    return 'idle';
  }
  const { to, text } = await choose(ctx, phone, partners, random);
  try {
    await acceptMessage(ctx, phone, { to_number: to.number!, type: 'text', message: text });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await done({ nextAt: now + nextGap(cap, random), lastError: err.message });
    return 'failed';
  }
  await done({
    sentToday: sentToday + 1,
    sentTotal: w.sentTotal + 1,
    nextAt: now + nextGap(cap, random),
    lastError: null,
  });
  return 'sent';
}
