import { deliverDueMail, type MailTransport } from '../services/mail/outbox';
import { runAgain } from '../services/run-again';
import type { Job } from './job';

/** How often the sender looks for due e-mails. */
const MAIL_POLL_MS = 2_000;

/** Drains the mail outbox in the background (a full batch runs the next at once) until stopped. */
export const startMailSender: Job<{ mail: MailTransport }> = ({ ctx, mail, log, pollMs }) =>
  runAgain(
    { everyMs: pollMs ?? MAIL_POLL_MS, failMsg: 'mail sender failed', log },
    async () => (await deliverDueMail(ctx, mail)) > 0,
  );
