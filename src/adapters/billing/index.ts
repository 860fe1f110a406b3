import type { BillingProviders } from '../../services/billing/port';
import { paddleBilling } from './paddle';
import { sandboxBilling } from './sandbox';

/** The billing providers of this code base; the entries hand them to the app and the jobs (`ServiceCtx.billing`). */
export const billingProviders: BillingProviders = { sandbox: sandboxBilling, paddle: paddleBilling };
