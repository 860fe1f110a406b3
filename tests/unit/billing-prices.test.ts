import { describe, expect, it } from 'vitest';
import { quote } from '../../src/services/billing/time';
import {
  displayName,
  FEEDBACK_REASONS,
  planCatalogue,
  TRIAL_DAYS,
  updateUnitPrice,
} from '../../src/shared/billing/plans';

const DAY = 86_400_000;
const all = planCatalogue('wapi');
const plan = (id: string) => all.get(id)!;

describe('the plan catalogue of 1-console §9', () => {
  it('prices the packages in cents per unit and period', () => {
    expect([plan('wapi-api').price, plan('737242').price, plan('569723').price]).toEqual([2990, 2990, 2900]);
    expect(plan('wapi-phone-six-monthly')).toMatchObject({ price: 15900, months: 6 });
    expect(plan('wapi-api-annually')).toMatchObject({ price: 29900, months: 12 });
    expect([plan('wapi-agent').price, plan('775196').price, plan('777392').price]).toEqual([2000, 1900, 1500]);
  });

  it('maps the numeric plan ids to their names, all six eligible for quick update', () => {
    const names = ['569723', '737242', '775032', '775196', '777392', '893548'].map((id) => [
      plan(id).name,
      plan(id).quickUpdate,
    ]);
    expect(names).toEqual([
      ['PHONE', true],
      ['API', true],
      ['NEWPHONE', true],
      ['PHONE19', true],
      ['PHONE15', true],
      ['MULTIPHONE', true],
    ]);
    expect(['wapi-trial-api', 'wapi-trial-live', 'wapi-trial-multi-api'].map((id) => plan(id).trial)).toEqual([
      true,
      true,
      true,
    ]);
    expect(TRIAL_DAYS).toBe(3);
  });

  it('prices a quantity update per unit: AGENT 20, PHONE19 19, PHONE15 15, otherwise 30 (25 with phone25)', () => {
    expect(updateUnitPrice(plan('wapi-agent'), {})).toBe(2000);
    expect(updateUnitPrice(plan('775196'), {})).toBe(1900);
    expect(updateUnitPrice(plan('777392'), {})).toBe(1500);
    expect(updateUnitPrice(plan('569723'), {})).toBe(3000);
    expect(updateUnitPrice(plan('569723'), { phone25: true })).toBe(2500);
  });

  it('names custom plans by quantity and agent limit, and LIVE as one phone and one agent', () => {
    expect(displayName(plan('wapi-custom-api'), 4, 2)).toBe('4 Phone - 2 Agent');
    expect(displayName(plan('wapi-live'), 1, 1)).toBe('1 Phone - 1 Agent');
  });

  it('lists the eight feedback reasons', () => {
    expect(FEEDBACK_REASONS.map((r) => r.state)).toEqual([
      'needs',
      'technical',
      'banned',
      'expensive',
      'switching',
      'support',
      'later',
      'other',
    ]);
  });
});

describe('quote: what a quantity change costs', () => {
  const sub = { quantity: 2, periodStart: 0, nextBillDate: 30 * DAY };

  it('charges a raise now: unit x added x days left / days in period; next payment is the new quantity x unit', () => {
    expect(quote(sub, 3000, 3, 10 * DAY)).toEqual({
      immediate: { amount: 2000, date: 10 * DAY },
      next: { amount: 9000, date: 30 * DAY },
    });
    expect(quote(sub, 3000, 5, 10.5 * DAY).immediate!.amount).toBe(6000);
  });

  it('charges nothing now for a reduction, nor past the period end', () => {
    expect(quote(sub, 3000, 1, 10 * DAY)).toEqual({ immediate: null, next: { amount: 3000, date: 30 * DAY } });
    expect(quote(sub, 3000, 3, 31 * DAY).immediate).toBeNull();
  });
});
