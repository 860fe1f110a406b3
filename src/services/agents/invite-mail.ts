import { brandName } from '../../shared/brand';
import { countOf } from '../../shared/format';
import type { MailMessage } from '../mail/outbox';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The mail a new agent gets: who added them, the link that confirms the address, and where the agent app signs in. */
export function agentInviteMail(p: {
  to: string;
  owner: string;
  link: string;
  loginUrl: string;
  days: number;
  brand: string;
}): MailMessage {
  const name = brandName(p.brand);
  return {
    to: p.to,
    subject: `You have been added as a ${name} live-chat agent`,
    text: `${p.owner} added you as a live-chat agent on ${name}.\n\nOpen this link to confirm your e-mail and, if you like, choose your own password (valid for ${countOf(p.days, 'day')}, once):\n${p.link}\n\nThen sign in to the live chat at ${p.loginUrl} with this e-mail address.\n`,
    html: `<p>${esc(p.owner)} added you as a live-chat agent on ${esc(name)}.</p><p><a href="${esc(p.link)}">Confirm your e-mail</a> and, if you like, choose your own password (valid for ${countOf(p.days, 'day')}, once).</p><p>Then sign in to the live chat at <a href="${esc(p.loginUrl)}">${esc(p.loginUrl)}</a> with this e-mail address.</p>`,
  };
}
