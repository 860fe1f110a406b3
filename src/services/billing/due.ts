import type { ServiceCtx } from '../context';
import { billingProvider } from './provider';
import { warnTrialsEnding } from './mails';
import { endTrialsDue } from './trials';

/** Everything billing owes by `until` (billing time): warnings of trials ending within a day, trial ends, then each provider's renewals, retries and period-end reductions. */
export async function runDue(ctx: ServiceCtx, until: number): Promise<number> {
  await warnTrialsEnding(ctx, until);
  let ran = await endTrialsDue(ctx, until);
  ran += await billingProvider(ctx, 'sandbox').runDue(ctx, until);
  if (ctx.config.billing === 'paddle') ran += await billingProvider(ctx, 'paddle').runDue(ctx, until);
  return ran;
}
