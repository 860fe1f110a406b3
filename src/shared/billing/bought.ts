/**
 * A plan the customer paid for (issue 38): any subscription but a trial or a checkout still waiting
 * for its payment (`temporary`), running or over. Such a customer is offered no free trial, and the
 * server starts none (`assertTrialStart`); the console and the server read this one rule.
 */
export function boughtPlan(s: { trialType: string | null; status: string }): boolean {
  return !s.trialType && s.status !== 'temporary';
}
