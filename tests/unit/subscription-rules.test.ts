import { describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { planCatalogue } from '../../src/shared/billing/plans';
import { validatePurchaseCompany } from '../../web/pages/subscription/company';
import { attemptsRemaining } from '../../web/lib/billing-format';
import { phoneChoice, quantityOptions, statusView, trialRemainingText } from '../../web/pages/subscription/entries';
import { packageOffers } from '../../web/pages/subscription/packages';
import { phone } from '../../stories/phone-fixtures';
import { ACTIVE, CANCELLED, PAST_DUE, PAUSED, SETTINGS } from '../../stories/subscription-fixtures';

describe('subscription page rules', () => {
  it('offers the trial only while none was taken, and PHONE19 / PHONE15 only when eligible', () => {
    expect(packageOffers('wapi', SETTINGS, null)[0]!.trialType).toBe('wapi-trial-api');
    expect(packageOffers('wapi', SETTINGS, false)[0]!.trialType).toBeUndefined();
    const keys = (s: typeof SETTINGS) => packageOffers('wapi', s, false).map((o) => o.key);
    expect(keys(SETTINGS)).not.toContain('phone19');
    expect(keys({ ...SETTINGS, phone19: true, phone_limit: 44 })).not.toContain('phone19');
    expect(keys({ ...SETTINGS, phone19: true, phone15: true, phone_limit: 90 })).toEqual(
      expect.arrayContaining(['phone19', 'phone15']),
    );
  });

  it('reads statuses: attempts remaining, Cancelled, Paused; trial days or today', () => {
    expect(attemptsRemaining(PAST_DUE.data)).toBe(2);
    expect(statusView(PAST_DUE).text).toBe('Past due · 2 attempts remaining');
    expect(statusView(CANCELLED).text).toBe('Cancelled');
    expect(statusView(PAUSED).text).toBe('Paused');
    expect(trialRemainingText('2026-12-24', Date.parse('2026-12-21T18:00:00Z'))).toBe('3 days remaining');
    expect(trialRemainingText('2026-12-24', Date.parse('2026-12-24T09:00:00Z'))).toBe('Ends today');
  });

  it('offers quantities 1 to 300, from the current one when update_limited', () => {
    expect(quantityOptions(5, false)).toHaveLength(300);
    expect(quantityOptions(5, true)[0]).toBe(5);
  });

  it('asks a reduction for exactly the phones above the new limit, a raise for at most the added units', () => {
    const plan = planCatalogue('wapi').get('wapi-api');
    const phones = [phone({ id: 1 }), phone({ id: 2 }), phone({ id: 3, active: false, status: 'disabled' })];
    expect(phoneChoice(plan, phones, 2, 1, 2)).toMatchObject({ raise: false, required: 1, max: 1 });
    expect(phoneChoice(plan, phones.slice(0, 1), 2, 1, 2)).toMatchObject({ required: 0 });
    const up = phoneChoice(plan, phones, 2, 4, 2);
    expect(up).toMatchObject({ raise: true, required: 0, max: 2 });
    expect(up.candidates.map((p) => p.id)).toEqual([3]);
    expect(ACTIVE.data.quantity).toBe(2);
  });

  it('needs a postcode for the listed countries only', () => {
    const company = {
      vatNumber: 'X1',
      companyName: 'Acme',
      companyStreet: 'S 1',
      companyCity: 'C',
      companyState: '',
      companyCountry: 'DE',
      companyPostCode: '',
    };
    expect(validatePurchaseCompany(company)).toEqual({ companyPostCode: BILLING_MSG.postcodeRequired });
    expect(validatePurchaseCompany({ ...company, companyCountry: 'TR' })).toEqual({});
  });
});
