import { planCatalogue, type Plan } from '../../shared/billing/plans';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';

/** The brand's plans (a few dozen constants: cheaper to build than to cache). */
export function plans(ctx: ServiceCtx): Map<string, Plan> {
  return planCatalogue(ctx.config.BRAND);
}

/** A plan by id; an unknown id is a validation error. */
export function planOf(ctx: ServiceCtx, id: string): Plan {
  const p = plans(ctx).get(id);
  if (!p)
    throw new ApiError('VALIDATION', `plan_id ${JSON.stringify(id).slice(0, 40)} is not a plan.`, {
      fields: { plan_id: 'unknown plan' },
    });
  return p;
}

/** The package a plan makes the product (`settings.subscription_package`): live packages have agents. */
export function packageOf(ctx: ServiceCtx, p: Plan): string {
  if (p.name === 'CUSTOM') return `${ctx.config.BRAND}-custom-api`;
  return p.grants.agent > 0 ? 'live' : 'api';
}
