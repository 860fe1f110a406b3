import { brandName } from '../../shared/brand';
import { countOf } from '../../shared/format';
import type { MailMessage } from './outbox';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function resetPasswordMail(p: { to: string; link: string; minutes: number; brand: string }): MailMessage {
  const name = brandName(p.brand);
  return {
    to: p.to,
    subject: `Reset your ${name} password`,
    text: `Someone asked to reset the password of your ${name} account.\n\nOpen this link to choose a new password (valid for ${countOf(p.minutes, 'minute')}, once):\n${p.link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your ${esc(name)} account.</p><p><a href="${esc(p.link)}">Choose a new password</a> (valid for ${countOf(p.minutes, 'minute')}, once).</p><p>If it was not you, ignore this e-mail; your password stays as it is.</p>`,
  };
}
