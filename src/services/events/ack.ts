import { campaignAck } from '../campaigns/consequences';
import { liveAck } from '../inbox/incoming';
import { ackEvents } from '../webhooks/events';
import type { AckEvent, Consequence } from './consequence';

/**
 * What a raised ack (sent, delivered, read) of a sent message means besides its row: each entry's
 * statements commit with the ack's update (`recordAck` in services/messages/store.ts), only if the
 * ack raises the row (acks only move forward; the runner's lease holds), and name the message by a
 * subquery (`guard().msgId`), so nothing is read before the write and an ack twice writes nothing.
 */
export const ACK: readonly Consequence<AckEvent>[] = [
  {
    name: 'webhook',
    writes: "the 'ack' delivery (the deliverer is woken after the commit)",
    when: 'the phone has a webhook and ack delivery is on',
    of: (ctx, phone, e) => ackEvents(ctx, phone, e.ack, e.guard),
  },
  {
    name: 'inbox',
    writes: "the inbox stream's 'ack' event (the streams are woken after the commit)",
    when: 'a one-to-one chat of an account with the live-chat package',
    of: (ctx, phone, e) => liveAck(ctx, phone, e.ack, e.guard),
  },
  {
    name: 'campaign',
    writes:
      'the campaign recipient of the message moves to sent, delivered or read (forward only; the counters follow by trigger)',
    when: "the message is a campaign recipient's (found by its msg id)",
    of: (ctx, phone, e) => campaignAck(ctx, phone, e.ack, e.guard),
  },
];
