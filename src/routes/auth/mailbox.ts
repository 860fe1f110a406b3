import { createMiddleware } from 'hono/factory';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config';
import type { AppContext, AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { mailboxParams } from '../../shared/schemas/auth';
import { staffLevelOf } from '../../shared/staff';
import { getMail, listLocalMail } from '../../services/mail/outbox';
import { CONSOLE_TAGS, htmlPage } from '../kit/console-declare';
import { endpoint, routes } from '../kit/declare';

/** The local mailbox exists only in development with no SMTP server configured. */
export function mailboxAllowed(config: Config): boolean {
  return config.dev && config.mailMode === 'local';
}

export const MAILBOX_REFUSED =
  'The local mailbox answers only on this machine (a loopback address) or to staff signed in to the back office.';

/** A loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopback(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}

/**
 * The caller is on this machine: the connection comes from a loopback address (the entry's own
 * answer, never a header) and no proxy relayed it (a proxy on the same machine connects from
 * loopback for callers anywhere, and says so with X-Forwarded-For or Forwarded).
 */
function loopbackCaller(c: AppContext): boolean {
  if (c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined) return false;
  const address = c.get('deps').clientIp?.(c);
  return address !== undefined && isLoopback(address);
}

/** The mailbox holds sign-in links and reset links: only a loopback caller or a staff member reads it. */
const mailboxReader = createMiddleware<AppEnv>(async (c, next) => {
  if (loopbackCaller(c) || staffLevelOf(c.get('user')) !== null) return next();
  throw new ApiError('FORBIDDEN', MAILBOX_REFUSED);
});

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const linkify = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
const STYLE =
  '<style>body{font:15px/1.5 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2933}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e4e7eb}a{color:#0d7468}pre{white-space:pre-wrap;background:#f5f7fa;padding:1rem;border-radius:8px}.muted{color:#616e7c}</style>';
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>${STYLE}</head><body>${body}</body></html>`;

const list = endpoint(
  'get',
  '/',
  CONSOLE_TAGS.pages,
  'Development only, for loopback callers and staff: the e-mails this server would have sent, newest first',
  {},
  htmlPage('The mailbox'),
  { middleware: [mailboxReader] as const },
);
const one = endpoint(
  'get',
  '/{id{[0-9]+}}',
  CONSOLE_TAGS.pages,
  'Development only, for loopback callers and staff: one e-mail of the local mailbox',
  { params: mailboxParams },
  htmlPage('The e-mail'),
  { middleware: [mailboxReader] as const },
);

/** `/dev/mailbox`: the e-mails this server would have sent, newest first. */
export const mailboxRoutes = routes()
  .openapi(list, async (c) => {
    const mails = await listLocalMail(c.get('ctx'));
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${new Date(m.createdAt).toISOString().replace('T', ' ').slice(0, 19)}</td><td>${esc(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${esc(m.subject)}</a></td></tr>`,
      )
      .join('');
    return c.html(
      page(
        'Local mailbox',
        `<h1>Local mailbox</h1><p class="muted">No SMTP server is configured, so e-mails are kept here instead of being sent.</p>${
          mails.length
            ? `<table><thead><tr><th>Time (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
            : '<p>No e-mails yet.</p>'
        }`,
      ),
    );
  })
  .openapi(one, async (c) => {
    const mail = await getMail(c.get('ctx'), c.req.valid('param').id);
    if (!mail) throw new ApiError('NOT_FOUND', 'No such e-mail.');
    return c.html(
      page(
        mail.subject,
        `<p><a href="/dev/mailbox">← Local mailbox</a></p><h1>${esc(mail.subject)}</h1><p class="muted">To ${esc(mail.to)}</p><pre>${linkify(mail.text)}</pre>`,
      ),
    );
  });
