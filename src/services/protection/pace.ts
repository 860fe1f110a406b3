import type { PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { riskOfBlock } from '../phones/checks';
import { getProtection } from './settings';

/** How long a phone's risk is trusted before it is computed again (it moves slowly: days, answers). */
const RISK_PACE_FRESH_MS = 60_000;
/** A Critical phone (risk factor 1) sends new chats at half the pace: its gaps after an opener double. */
const CRITICAL_NEW_CHAT_PACE = 2;

/**
 * The multiplier of the gap after a send that opened a chat, per phone: 2 for a protected phone whose
 * block risk is Critical, else 1. Answers at once from what it knows and refreshes in the background
 * (never more than one computation a phone at a time, at most once a `RISK_PACE_FRESH_MS`), so the
 * sender never waits for the risk's queries.
 */
export function riskPace(ctx: ServiceCtx, log?: (entry: Record<string, unknown>) => void) {
  const known = new Map<number, { factor: number; at: number; busy: boolean }>();
  return (phone: PhoneRow): number => {
    const e = known.get(phone.id);
    const now = ctx.now();
    if (!e || (!e.busy && now - e.at > RISK_PACE_FRESH_MS)) {
      const entry = e ?? { factor: 1, at: now, busy: true };
      entry.busy = true;
      known.set(phone.id, entry);
      void paceOf(ctx, phone)
        .then((factor) => Object.assign(entry, { factor, at: ctx.now(), busy: false }))
        .catch((err: unknown) => {
          entry.busy = false;
          entry.at = ctx.now();
          log?.({ level: 'warn', msg: 'risk pace failed', phoneId: phone.id, err: String(err) });
        });
    }
    return known.get(phone.id)!.factor;
  };
}

/** What the console says of it too: 2 when protection is on and the risk factor is 1. */
export async function paceOf(ctx: ServiceCtx, phone: PhoneRow): Promise<number> {
  const p = await getProtection(ctx, phone);
  if (!p.enabled) return 1;
  return (await riskOfBlock(ctx, phone)).riskFactor === 1 ? CRITICAL_NEW_CHAT_PACE : 1;
}
