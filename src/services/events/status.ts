import { statusEvents } from '../webhooks/events';
import type { Consequence, StatusEvent } from './consequence';

/**
 * What a phone's status change means besides its row and its history row (`phone_status_log`):
 * each entry's statements commit with the phone's update (the runner's `writeState`; the API's
 * `patch` through `statusChange`), only if the stored status is another (`changes`), so a phone
 * never shows a status its webhook did not report.
 */
export const STATUS: readonly Consequence<StatusEvent>[] = [
  {
    name: 'webhook',
    writes: "the 'status' log row and the 'status' delivery (the deliverer is woken after the commit)",
    when: 'always the log row; the delivery when the phone or its product has a webhook',
    of: (ctx, phone, e) => statusEvents(ctx, phone, e.status, e.changes),
  },
];
