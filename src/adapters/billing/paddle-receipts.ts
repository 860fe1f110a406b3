import { ApiError } from '../../errors';
import type { ServiceCtx } from '../../services/context';
import { receiptOf } from '../../services/billing/history';
import { paddle, providerFailure } from './paddle-api';

/**
 * Where the payment history links a paid Paddle payment. Paddle's invoice links expire after an
 * hour, so the history holds our address and each click asks Paddle for a fresh link.
 */
export function paddleReceiptPath(txnId: string): string {
  return `/api/billing/paddle/receipt/${txnId}`;
}

/** A fresh link to the invoice PDF of one of the product's paid Paddle payments; another product's answers like a missing one. */
export async function paddleReceiptUrl(ctx: ServiceCtx, pid: string, txnId: string): Promise<string> {
  const payment = await receiptOf(ctx, txnId);
  if (payment.pid !== pid) throw new ApiError('NOT_FOUND', 'Receipt not found.');
  try {
    const invoice = await paddle<{ url: string }>(
      ctx.config,
      'GET',
      `/transactions/${encodeURIComponent(txnId)}/invoice?disposition=inline`,
    );
    return invoice.url;
  } catch (err) {
    throw providerFailure(err, 'Receipt not found.');
  }
}
