import { describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import type { SubscriptionEntry } from '../../src/shared/schemas/billing';
import { ApiError } from '../../web/lib/api';
import { money, pageMonth, statusLabel } from '../../web/lib/billing-format';
import type { Product } from '../../web/lib/bootstrap';
import { partnerRedirect } from '../../web/lib/navigation';
import { trialNotice, trialText } from '../../web/pages/billing/TrialBanner';
import { previewFailureText, quickUpdateSub, updateFailureText } from '../../web/stores/quick-update';

function sub(data: Partial<SubscriptionEntry['data']>): SubscriptionEntry {
  return {
    name: 'PHONE',
    data: {
      subscription_id: 's1',
      subscription_plan_id: '569723',
      status: 'active',
      quantity: 1,
      trialType: null,
      trial_ends: null,
      attempt_number: 0,
      ...data,
    },
  } as SubscriptionEntry;
}
function product(p: Partial<Product> & { partner?: boolean } = {}): Product {
  return {
    id: 'p',
    uid: 1,
    product_type: 'wapi',
    trial: null,
    activeSubs: [],
    deletedSubs: [],
    ...p,
    settings: { partner: p.partner ?? false },
  };
}

describe('quick update eligibility (2-phones §8, §9)', () => {
  it('takes an active subscription on one of the six numeric plans', () => {
    expect(
      quickUpdateSub(
        product({
          activeSubs: [
            sub({ subscription_plan_id: 'wapi-live' }),
            sub({ subscription_id: 's2', subscription_plan_id: '775032' }),
          ],
        }),
      )?.data.subscription_id,
    ).toBe('s2');
    for (const id of ['569723', '737242', '775032', '775196', '777392', '893548'])
      expect(quickUpdateSub(product({ activeSubs: [sub({ subscription_plan_id: id })] }))).not.toBeNull();
  });

  it('never for a past-due or trial subscription, nor for partners', () => {
    expect(quickUpdateSub(product({ activeSubs: [sub({ status: 'past_due' })] }))).toBeNull();
    expect(
      quickUpdateSub(
        product({ activeSubs: [sub({ subscription_plan_id: 'wapi-trial-api', trialType: 'wapi-trial-api' })] }),
      ),
    ).toBeNull();
    expect(quickUpdateSub(product({ partner: true, activeSubs: [sub({})] }))).toBeNull();
  });

  it('words failures as the spec does', () => {
    expect(updateFailureText(new ApiError('Error communicating with the server', 0))).toBe(BILLING_MSG.network);
    expect(updateFailureText(new ApiError('500 Internal Server Error', 500))).toBe(BILLING_MSG.updateFailed);
    expect(updateFailureText(new ApiError(BILLING_MSG.trialNoRaise, 409, true))).toBe(BILLING_MSG.trialNoRaise);
    expect(previewFailureText(new ApiError('502 Bad Gateway', 502))).toBe(BILLING_MSG.previewFailed);
  });
});

describe('trial banner (1-console §4)', () => {
  const trial = (ends: string) =>
    product({
      trial: true,
      activeSubs: [sub({ subscription_plan_id: 'wapi-trial-api', trialType: 'wapi-trial-api', trial_ends: ends })],
    });

  it('counts the days left, and says today on the last day', () => {
    expect(trialNotice(trial('2026-03-04'), '2026-03-01')).toEqual({ kind: 'trial', daysLeft: 3 });
    expect(trialText({ kind: 'trial', daysLeft: 1 })).toBe('Your free trial ends in 1 day.');
    expect(trialText(trialNotice(trial('2026-03-04'), '2026-03-04')!)).toBe('Your free trial ends today.');
  });

  it('says the trial is over only without a running paid subscription', () => {
    expect(trialText(trialNotice(product({ trial: false }))!)).toBe('Your trial is over.');
    expect(trialNotice(product({ trial: false, activeSubs: [sub({})] }))).toBeNull();
    expect(trialNotice(product({ trial: null }))).toBeNull();
  });
});

describe('subscription formatting and partner routing', () => {
  it('shows money, statuses and the page month', () => {
    expect(money(29.9)).toBe('$29.90');
    expect(statusLabel({ status: 'deleted', attempt_number: 0, trialType: null })).toBe('Cancelled');
    expect(statusLabel({ status: 'past_due', attempt_number: 1, trialType: null })).toBe(
      'Past due · 3 attempts remaining',
    );
    expect(pageMonth('?month=2026-02', new Date('2026-05-10'))).toBe('2026-02');
    expect(pageMonth('?month=2026-13', new Date('2026-05-10'))).toBe('2026-05');
    expect(pageMonth('', new Date('2026-05-10'))).toBe('2026-05');
  });

  it('sends partners to their subscription page, and leaves others on it to read how to apply (issue 38)', () => {
    expect(partnerRedirect('/subscription', true)).toBe('/subscription_partner');
    expect(partnerRedirect('/subscription', false)).toBeNull();
    expect(partnerRedirect('/subscription_partner', false)).toBeNull();
    expect(partnerRedirect('/phones', true)).toBeNull();
  });
});
