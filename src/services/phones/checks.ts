import { ApiError } from '../../errors';
import { toChatId } from '../messages/chat-id';
import type { ServiceCtx } from '../context';
import { absoluteUrl, live } from './live';
import type { PhoneRow } from '../../../db/schema';
import { blockRisk, phoneSafety } from './safety';

/** The number a check is about, as a chat id; groups are refused. */
export function contactJid(number: string): string {
  const jid = toChatId(number, 'number');
  if (jid.endsWith('@g.us')) throw new ApiError('VALIDATION', 'number must be a phone number, not a group.');
  return jid;
}

/** Whether a number is on WhatsApp, in the reference's shape (status 200 or 404). */
export async function checkNumber(ctx: ServiceCtx, phone: PhoneRow, jid: string) {
  const res = await live(ctx, phone, 'check-number', { number: jid });
  return { status: res.exists ? (200 as const) : (404 as const), jid: res.jid, number: jid.split('@')[0]! };
}

/** A number's profile picture URL, or 404 (with `data: null`, as the reference answers) when it has none. */
export async function profileImage(ctx: ServiceCtx, phone: PhoneRow, jid: string, origin: string): Promise<string> {
  const res = await live(ctx, phone, 'profile-picture', { jid });
  if (!res.url) throw new ApiError('NOT_FOUND', 'No profile picture found.', undefined, { data: null });
  return absoluteUrl(origin, res.url);
}

/** The phone's own picture when its session can say; safety data must not fail for want of it. */
async function ownPicture(ctx: ServiceCtx, phone: PhoneRow, origin: string): Promise<string | null> {
  if (phone.status !== 'active' || !phone.number) return null;
  const res = await live(ctx, phone, 'profile-picture', { jid: `${phone.number}@c.us` }).catch(() => ({ url: null }));
  return res.url ? absoluteUrl(origin, res.url) : null;
}

/** Safety data of the phone, with its own picture. */
export async function safetyReport(ctx: ServiceCtx, phone: PhoneRow, origin: string) {
  return phoneSafety(ctx, phone, await ownPicture(ctx, phone, origin));
}

/** The phone's block-risk estimate (its picture does not count). */
export async function riskOfBlock(ctx: ServiceCtx, phone: PhoneRow) {
  return blockRisk(ctx, phone, await phoneSafety(ctx, phone, null));
}

/** Catalog products of the business account, their pictures absolute. */
export async function catalog(ctx: ServiceCtx, phone: PhoneRow, origin: string) {
  const list = await live(ctx, phone, 'catalog', {});
  return list.map((p) => ({ ...p, ...(typeof p.image === 'string' ? { image: absoluteUrl(origin, p.image) } : {}) }));
}
