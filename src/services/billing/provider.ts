import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import type { BillingProvider } from './port';

/**
 * The configured billing provider, of those the entry handed over on `ctx.billing`; a production
 * server without Paddle takes no payments (501).
 */
export function billingProvider(
  ctx: ServiceCtx,
  name: 'sandbox' | 'paddle' | 'none' = ctx.config.billing,
): BillingProvider {
  if (name !== 'none' && !ctx.billing)
    throw new Error(
      'No billing providers on this ServiceCtx: the entry hands them over (src/adapters/billing/index.ts).',
    );
  if (name === 'sandbox') return ctx.billing!.sandbox;
  if (name === 'paddle') return ctx.billing!.paddle;
  throw new ApiError('NOT_CONFIGURED', 'Payments are not configured on this server.');
}
