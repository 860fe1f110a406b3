import { campaignFailed } from '../campaigns/consequences';
import { sendFailedRows } from '../webhooks/events';
import type { Consequence, FailedEvent } from './consequence';

/**
 * What a send that finally failed means besides its row: each entry's statements go before the
 * row's 'failed' write in the same batch (the sender's round, `settleInterrupted`, `failAfterSent`),
 * only if it takes effect (`onlyIf`), so a failure is never written without its `error` webhook,
 * nor the webhook without the failure.
 */
export const FAILED: readonly Consequence<FailedEvent>[] = [
  {
    name: 'webhook',
    writes:
      "the 'error' log row; the 'error' delivery; for an official (Cloud API) number with ack delivery on, a 'failed' ack delivery too (the deliverer is woken after the commit)",
    when: 'always the log row; the deliveries when the phone or its product has a webhook',
    of: (ctx, phone, e) => sendFailedRows(ctx, phone, e.row.id, e.row.chatId, e.error, e.onlyIf),
  },
  {
    name: 'campaign',
    writes:
      "the campaign recipient of the message is failed, with the reason (the campaign's counters follow by trigger); wakes the dispatcher",
    when: 'a campaign message (its body names the campaign)',
    of: (ctx, _phone, e) => campaignFailed(ctx, e.row, e.error, e.onlyIf),
  },
];
