import type { ServiceCtx } from '../services/context';
import { deliverDueMail, type MailTransport } from '../services/mail/outbox';

/** How often the sender looks for due e-mails. */
export const MAIL_POLL_MS = 2_000;

/** Drains the mail outbox in the background until stopped. */
export function startMailSender(ctx: ServiceCtx, transport: MailTransport, log: (e: Record<string, unknown>) => void) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      while (!stopped && (await deliverDueMail(ctx, transport)) > 0);
    } catch (err) {
      log({ level: 'error', msg: 'mail sender failed', err: String(err) });
    }
    if (!stopped) timer = setTimeout(tick, MAIL_POLL_MS);
  };
  timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
