import { brandName } from '../../shared/brand';
import { hitLimits } from '../auth/rate-limit';
import type { ServiceCtx } from '../context';
import { queueMail } from './outbox';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Notes one customer may send staff in an hour (survey and contact together): enough for anyone, not for a flood. */
export const STAFF_NOTES_PER_HOUR = 10;

/** Queues a note to staff (SUPPORT_EMAIL) about a customer, with lines of `label: value`; 429 past the hourly allowance. */
async function mailStaff(ctx: ServiceCtx, from: Sender, subject: string, lines: [string, string][]): Promise<void> {
  await hitLimits(ctx, [{ key: `staff-note:${from.pid}`, max: STAFF_NOTES_PER_HOUR, windowMs: 3_600_000 }]);
  const text = lines.map(([k, v]) => `${k}: ${v}`).join('\n');
  const html = lines.map(([k, v]) => `<p><strong>${esc(k)}:</strong> ${esc(v).replace(/\n/g, '<br>')}</p>`).join('');
  await queueMail(ctx, {
    to: ctx.config.SUPPORT_EMAIL,
    subject: `[${brandName(ctx.config.BRAND)}] ${subject}`,
    text: `${text}\n`,
    html,
  });
}

/** Who a note is about: the customer's e-mail and product. */
export interface Sender {
  email: string;
  pid: string;
}

/** The survey's answer (3-developer §2.6): the platforms the customer also wants. */
export async function mailSurvey(
  ctx: ServiceCtx,
  from: Sender,
  platforms: readonly string[],
  other: string | undefined,
): Promise<void> {
  const chosen = platforms.map((p) => (p === 'Others' && other ? `Others (${other})` : p)).join(', ');
  await mailStaff(ctx, from, `Survey from ${from.email}`, [
    ['Customer', from.email],
    ['Product', from.pid],
    ['Platforms', chosen],
  ]);
}

/** A message from the contact page (3-developer §2.8); staff answer the customer's e-mail. */
export async function mailContact(ctx: ServiceCtx, from: Sender, message: string): Promise<void> {
  await mailStaff(ctx, from, `Message from ${from.email}`, [
    ['Customer', from.email],
    ['Product', from.pid],
    ['Message', message],
  ]);
}
