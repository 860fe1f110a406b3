import nodemailer from 'nodemailer';
import type { MailTransport } from '../../services/mail/outbox';

/** Sends mail over SMTP with nodemailer (Node runtime only). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(from, msg) {
      await transporter.sendMail({
        from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        headers: msg.headers ?? {},
      });
    },
  };
}
