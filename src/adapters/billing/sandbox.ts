import { applyEvent, type BillingEvent, snapshotOf } from '../../services/billing/events';
import type { BillingProvider } from '../../services/billing/port';
import { addMonths, billingNow } from '../../services/billing/time';
import { plans } from '../../services/billing/catalogue';
import type { ServiceCtx } from '../../services/context';
import { openCheckout } from '../../services/billing/checkout-rows';
import { charges, eventId, sandboxPayment } from './sandbox-events';
import { runSandboxDue } from './sandbox-renewals';

function emit(ctx: ServiceCtx, ev: Omit<BillingEvent, 'id'>) {
  return applyEvent(ctx, { id: eventId(), ...ev });
}

/** The local billing provider: our own hosted checkout and test cards, emitting the events Paddle would. */
export const sandboxBilling: BillingProvider = {
  name: 'sandbox',
  async createCheckout(_ctx, checkout) {
    return { url: `/sandbox/checkout/${checkout.id}` };
  },
  async changeQuantity(ctx, sub, change) {
    const now = await billingNow(ctx);
    if (change.immediate === null) {
      await emit(ctx, {
        type: 'subscription.updated',
        occurredAt: now,
        subscription: {
          ...snapshotOf(sub),
          unitPrice: change.unitPrice,
          scheduledQuantity: change.quantity,
          scheduledPhoneIds: change.phoneIds,
        },
      });
      return;
    }
    const payment =
      change.immediate > 0
        ? sandboxPayment(sub, 'proration', change.immediate, change.quantity - sub.quantity, true)
        : undefined;
    await emit(ctx, {
      type: 'subscription.updated',
      occurredAt: now,
      subscription: {
        ...snapshotOf(sub),
        quantity: change.quantity,
        unitPrice: change.unitPrice,
        scheduledQuantity: null,
        scheduledPhoneIds: null,
      },
      ...(payment ? { payment } : {}),
    });
  },
  async changePlan(ctx, sub, plan, unitPrice) {
    await emit(ctx, {
      type: 'subscription.updated',
      occurredAt: await billingNow(ctx),
      subscription: { ...snapshotOf(sub), planId: plan.id, unitPrice },
    });
  },
  async cancel(ctx, sub) {
    const now = await billingNow(ctx);
    if (sub.status === 'active' && sub.nextBillDate !== null && sub.nextBillDate > now) {
      // What was paid is kept: the renewal at the period end becomes the end (sandbox-renewals.ts). A
      // reduction scheduled before stays on the entry, so `undoCancel` gives back exactly what was there.
      await emit(ctx, {
        type: 'subscription.updated',
        occurredAt: now,
        subscription: { ...snapshotOf(sub), cancelAt: sub.nextBillDate },
      });
      return;
    }
    await emit(ctx, {
      type: 'subscription.cancelled',
      occurredAt: now,
      subscription: {
        ...snapshotOf(sub),
        status: 'deleted',
        endedAt: now,
        nextBillDate: null,
        nextRetryDate: null,
        scheduledQuantity: null,
        scheduledPhoneIds: null,
        cancelAt: null,
      },
    });
  },
  async undoCancel(ctx, sub) {
    await emit(ctx, {
      type: 'subscription.updated',
      occurredAt: await billingNow(ctx),
      subscription: { ...snapshotOf(sub), cancelAt: null },
    });
  },
  async resume(ctx, sub) {
    const now = await billingNow(ctx);
    const amount = sub.quantity * sub.unitPrice;
    if (!charges(sub.card, false)) {
      await emit(ctx, {
        type: 'payment.failed',
        occurredAt: now,
        payment: sandboxPayment(sub, 'restart', amount, sub.quantity, false),
      });
      return false;
    }
    const months = plans(ctx).get(sub.planId)?.months ?? 1;
    await emit(ctx, {
      type: 'subscription.resumed',
      occurredAt: now,
      subscription: {
        ...snapshotOf(sub),
        status: 'active',
        periodStart: now,
        nextBillDate: addMonths(now, months),
        attemptNumber: 0,
        nextRetryDate: null,
        endedAt: null,
      },
      payment: sandboxPayment(sub, 'restart', amount, sub.quantity, true),
    });
    return true;
  },
  async paymentMethodUrl(ctx, sub) {
    const row = await openCheckout(ctx, {
      pid: sub.pid,
      uid: sub.uid,
      provider: 'sandbox',
      planId: sub.planId,
      quantity: sub.quantity,
      amount: 0,
      email: sub.email,
      subscriptionId: sub.id,
    });
    return `/sandbox/checkout/${row.id}`;
  },
  runDue: runSandboxDue,
};
