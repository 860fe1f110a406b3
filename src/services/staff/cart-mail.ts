import { brandName } from '../../shared/brand';
import { money } from '../../shared/format';
import { CART_DISCOUNTS, type CartTemplate } from '../../shared/cart-recovery';
import type { MailMessage } from '../mail/outbox';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What a recovery e-mail says: who it is for, what they tried to buy, where to finish and how to stop these e-mails. */
export interface CartMailInput {
  template: CartTemplate;
  brand: string;
  to: string;
  userName: string;
  lastEvent: string;
  errorMessage: string;
  productName: string;
  price: number;
  currency: string;
  checkoutUrl: string;
  unsubscribeUrl: string;
}

/** Subject and opening line of each step. */
function wording(
  t: CartTemplate,
  name: string,
  declined: boolean,
  percent: number | undefined,
): { subject: string; lead: string } {
  if (percent) {
    const last = t === 'last-discount';
    return {
      subject: last ? `Last chance: ${percent}% off your ${name} plan` : `${percent}% off your ${name} plan`,
      lead: `${last ? 'This is our best offer, and the last one' : 'We saved your plan for you'}: finish your purchase now and your first payment is ${percent}% lower.`,
    };
  }
  if (t === 'payment-declined') {
    return declined
      ? {
          subject: `Your ${name} payment did not go through`,
          lead: 'Your payment was declined, so your plan is not active yet. Trying again takes a minute.',
        }
      : {
          subject: `Your ${name} order is not complete`,
          lead: 'You left the checkout before paying, so your plan is not active yet. Finishing takes a minute.',
        };
  }
  return {
    subject: `Still thinking about ${name}?`,
    lead: 'Your plan is still waiting for you. If something stopped you, reply to this e-mail and we will help.',
  };
}

/** Renders one cart-recovery step as a real e-mail (HTML and text) with RFC 8058 one-click unsubscribe headers. */
export function cartRecoveryMail(p: CartMailInput): MailMessage {
  const name = brandName(p.brand);
  const percent = CART_DISCOUNTS[p.template];
  const declined = p.lastEvent === 'paddle-payment-declined' || p.lastEvent === 'payment-declined';
  const { subject, lead } = wording(p.template, name, declined, percent);
  const full = money(p.price, p.currency);
  const now = percent ? money((p.price * (100 - percent)) / 100, p.currency) : full;
  const greeting = p.userName ? `Hello ${p.userName},` : 'Hello,';
  const priceLine = percent
    ? `${p.productName}: ${now} instead of ${full} for the first payment`
    : `${p.productName}: ${full}`;
  const reason = declined && p.errorMessage ? `The payment provider said: ${p.errorMessage}` : '';
  const text = [
    greeting,
    '',
    lead,
    reason,
    '',
    priceLine,
    '',
    `Finish your purchase: ${p.checkoutUrl}`,
    '',
    `${name} team`,
    '',
    `Stop these e-mails: ${p.unsubscribeUrl}`,
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;font:15px/1.5 system-ui,sans-serif;color:#1c2530">
<div style="max-width:520px;margin:24px auto;background:#fff;border-radius:12px;padding:28px">
<p>${esc(greeting)}</p><p>${esc(lead)}</p>${reason ? `<p style="color:#5b6673">${esc(reason)}</p>` : ''}
<p style="font-weight:600">${esc(priceLine)}</p>
<p><a href="${esc(p.checkoutUrl)}" style="display:inline-block;background:#128c4b;color:#fff;text-decoration:none;font-weight:600;border-radius:8px;padding:12px 18px">${percent ? `Get ${percent}% off` : 'Finish your purchase'}</a></p>
<p>${esc(name)} team</p>
<p style="font-size:12px;color:#5b6673">You get this e-mail because a checkout on ${esc(name)} was not completed. <a href="${esc(p.unsubscribeUrl)}" style="color:#5b6673">Unsubscribe</a></p>
</div></body></html>`;
  return {
    to: p.to,
    subject,
    text: `${text}\n`,
    html,
    headers: { 'List-Unsubscribe': `<${p.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
