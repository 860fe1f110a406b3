import type { Plan } from './plans';

/**
 * Two plans grant the same per unit. A plan change moves only between such plans: the server refuses
 * any other (services/billing/eligibility.ts) and the console offers no other.
 */
export function sameGrants(a: Plan, b: Plan): boolean {
  return (
    a.grants.phone === b.grants.phone && a.grants.agent === b.grants.agent && a.grants.instagram === b.grants.instagram
  );
}
