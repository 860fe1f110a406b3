/** Counts agree with their number and money has two decimals, everywhere (issue 23: '1 phones', '$29.9'). */
import { describe, expect, it } from 'vitest';
import { cents, countOf, money } from '../../src/shared/format';
import { money as billingMoney } from '../../web/lib/billing-format';
import { TOOLS_MSG } from '../../web/lib/phone-tools';
import { dollars, usd } from '../../web/pages/subscription/packages';

describe('counts and money', () => {
  it('writes one thing in the singular and any other count in the plural', () => {
    expect([countOf(1, 'phone'), countOf(0, 'phone'), countOf(2, 'phone')]).toEqual([
      '1 phone',
      '0 phones',
      '2 phones',
    ]);
    expect([countOf(1, 'entry', 'entries'), countOf(3, 'entry', 'entries')]).toEqual(['1 entry', '3 entries']);
    expect([TOOLS_MSG.numbersLoaded(1), TOOLS_MSG.numbersLoaded(10)]).toEqual([
      '1 number loaded successfully',
      '10 numbers loaded successfully',
    ]);
  });

  it('writes every amount with two decimals, dollars with $ and other currencies with their code', () => {
    expect([money(29.9), money(29.9, 'USD'), money(30), money(0.1 + 0.2), money(12.5, 'eur')]).toEqual([
      '$29.90',
      '$29.90',
      '$30.00',
      '$0.30',
      '12.50 EUR',
    ]);
    expect([cents(2990), usd(2990), dollars(29.9), billingMoney(29.9), billingMoney(null)]).toEqual([
      '$29.90',
      '$29.90',
      '$29.90',
      '$29.90',
      '-',
    ]);
  });
});

describe("the e-mails' counts", () => {
  it('say one minute and one day in the singular', async () => {
    const { resetPasswordMail } = await import('../../src/services/mail/templates');
    const { agentInviteMail } = await import('../../src/services/agents/invite-mail');
    expect(resetPasswordMail({ to: 'a@b.co', link: 'http://x/r', minutes: 1, brand: 'wapi' }).text).toContain(
      '(valid for 1 minute, once)',
    );
    expect(
      agentInviteMail({
        to: 'a@b.co',
        owner: 'o@b.co',
        link: 'http://x/v',
        loginUrl: 'http://x/live/login',
        days: 1,
        brand: 'wapi',
      }).text,
    ).toContain('(valid for 1 day, once)');
  });
});
