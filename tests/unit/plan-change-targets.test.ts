import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { entry as fixture } from '../../stories/subscription-fixtures';
import { SubscriptionTables } from '../../web/pages/subscription/SubscriptionTables';
import { sameGrants } from '../../src/shared/billing/plan-change';
import { planCatalogue } from '../../src/shared/billing/plans';
import type { Entry } from '../../web/pages/subscription/entries';
import { changeTargets } from '../../web/pages/subscription/PlanChangeModal';

const entry = (planId: string) => ({ data: { subscription_plan_id: planId } }) as unknown as Entry;

// The plan-change modal offers only what the server's rule lets through (issue 21): a plan change keeps
// what the subscription grants, so a Live chat subscription (a phone and an agent) is offered none of
// the one-phone plans, whose change the server refuses.
describe('the plans the plan-change modal offers', () => {
  it('are the one-phone plans for a phone subscription, none for Live chat', () => {
    expect(changeTargets('wapi', entry('569723')).map((p) => p.id)).toEqual([
      'wapi-api',
      'wapi-phone-six-monthly',
      'wapi-api-annually',
    ]);
    expect(changeTargets('wapi', entry('wapi-api')).map((p) => p.id)).toEqual([
      'wapi-phone-six-monthly',
      'wapi-api-annually',
    ]);
    expect(changeTargets('wapi', entry('wapi-live'))).toEqual([]);
    expect(changeTargets('wapi', entry('nope'))).toEqual([]);
  });

  it('always grant what the current plan grants', () => {
    for (const plan of planCatalogue('wapi').values()) {
      for (const target of changeTargets('wapi', entry(plan.id)))
        expect(sameGrants(target, plan), `${plan.id} → ${target.id}`).toBe(true);
    }
  });

  it('puts Change plan only on rows that have a plan to change to', () => {
    const phone = fixture({ subscription_id: 'sub_phone', subscription_plan_id: '569723' }, 'Phone plan · 2 Phones');
    const live = fixture({ subscription_id: 'sub_live', subscription_plan_id: 'wapi-live' }, '1 Phone - 1 Agent');
    const html = renderToStaticMarkup(
      createElement(SubscriptionTables, {
        brand: 'wapi',
        active: [phone, live],
        cancelled: [],
        onAction: () => undefined,
      }),
    );
    expect(html).toContain('aria-label="Change plan: Phone plan · 2 Phones"');
    expect(html).toContain('aria-label="Update: 1 Phone - 1 Agent"');
    expect(html).not.toContain('aria-label="Change plan: 1 Phone - 1 Agent"');
  });
});
