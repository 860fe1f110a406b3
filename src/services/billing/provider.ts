import { paddleBilling } from '../../adapters/billing/paddle';
import { sandboxBilling } from '../../adapters/billing/sandbox';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import type { BillingProvider } from './port';

/** The configured billing provider; a production server without Paddle takes no payments (501). */
export function billingProvider(ctx: ServiceCtx, name: 'sandbox' | 'paddle' | 'none' = ctx.config.billing): BillingProvider {
  if (name === 'sandbox') return sandboxBilling;
  if (name === 'paddle') return paddleBilling;
  throw new ApiError('NOT_CONFIGURED', 'Payments are not configured on this server.');
}
