import { brandName } from '../../shared/brand';
import type { ServiceCtx } from '../context';
import { queueMail } from './outbox';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Queues a note to staff (SUPPORT_EMAIL) about a customer, with lines of `label: value`. */
async function mailStaff(ctx: ServiceCtx, subject: string, lines: [string, string][]): Promise<void> {
  const text = lines.map(([k, v]) => `${k}: ${v}`).join('\n');
  const html = lines.map(([k, v]) => `<p><strong>${esc(k)}:</strong> ${esc(v).replace(/\n/g, '<br>')}</p>`).join('');
  await queueMail(ctx, { to: ctx.config.SUPPORT_EMAIL, subject: `[${brandName(ctx.config.BRAND)}] ${subject}`, text: `${text}\n`, html });
}

/** Who a note is about: the customer's e-mail and product. */
export interface Sender {
  email: string;
  pid: string;
}

/** The survey's answer (3-developer §2.6): the platforms the customer also wants. */
export async function mailSurvey(ctx: ServiceCtx, from: Sender, platforms: readonly string[], other: string | undefined): Promise<void> {
  const chosen = platforms.map((p) => (p === 'Others' && other ? `Others (${other})` : p)).join(', ');
  await mailStaff(ctx, `Survey from ${from.email}`, [['Customer', from.email], ['Product', from.pid], ['Platforms', chosen]]);
}

/** A message from the contact page (3-developer §2.8); staff answer the customer's e-mail. */
export async function mailContact(ctx: ServiceCtx, from: Sender, message: string): Promise<void> {
  await mailStaff(ctx, `Message from ${from.email}`, [['Customer', from.email], ['Product', from.pid], ['Message', message]]);
}
