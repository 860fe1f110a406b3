import { campaignSent } from '../campaigns/consequences';
import { NONE, type Consequence, type SentEvent } from './consequence';

/**
 * What a send WhatsApp took means besides its row: each entry's statements commit with the row's
 * 'sent' write (the sender's round, or `settleInterrupted` after a crash), only if it takes effect
 * (`onlyIf`: the row is still this runner's 'sending' one); their follow-ups run once it has.
 */
export const SENT: readonly Consequence<SentEvent>[] = [
  {
    name: 'protection',
    writes: "nothing; after the commit, ban protection's watch counts the chat it opened",
    when: 'the message opened a chat (`opened_at`), in a runner',
    of: (ctx, phone, e) =>
      e.row.openedAt === null || !ctx.protection ? NONE : { stmts: [], committed: () => ctx.protection?.opened(phone) },
  },
  {
    name: 'campaign',
    writes:
      "the campaign recipient of the message moves from queued to sent (the campaign's counters follow by trigger); wakes the dispatcher",
    when: 'a campaign message (its body names the campaign)',
    of: (ctx, _phone, e) => campaignSent(ctx, e.row, e.onlyIf),
  },
];
