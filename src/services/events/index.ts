import type { MessageRow, PhoneRow, ProductRow } from '../../../db/schema';
import type { Ack, GroupEvent, IncomingMessage } from '../../engines/types';
import type { ServiceCtx } from '../context';
import type { Condition } from '../group-commit';
import { protectionWatch } from '../protection/events';
import { emitGroupEvent, primeTargets } from '../webhooks/events';
import { ACK } from './ack';
import { consequencesOf, type AckGuard, type EventCtx } from './consequence';
import { FAILED } from './failed';
import { INCOMING } from './incoming';
import { SENT } from './sent';
import { STATUS } from './status';

/**
 * What a runner's engine events mean, each from its module's table (incoming.ts, ack.ts, sent.ts,
 * failed.ts, status.ts): the runner hands an event here and commits the answer with the event's row.
 * Besides them: a group membership change (its action-log rows, log rows and info messages in one
 * batch), held rows (ban protection looks at the budgets), and each lease round's rows, which keep
 * this process's webhook targets and products fresh.
 */
export function phoneEvents(base: ServiceCtx, log?: (entry: Record<string, unknown>) => void) {
  const protection = protectionWatch(base, log);
  const ctx: EventCtx = { ...base, protection };
  return {
    incoming: (phone: PhoneRow, id: string, message: IncomingMessage, isNew: Condition) =>
      consequencesOf(INCOMING, ctx, phone, { id, message, isNew }),
    ack: (phone: PhoneRow, ack: Ack, guard: () => AckGuard) => consequencesOf(ACK, ctx, phone, { ack, guard }),
    sent: (phone: PhoneRow, row: MessageRow, onlyIf: () => Condition) => {
      let known: Condition | undefined;
      return consequencesOf(SENT, ctx, phone, {
        row,
        get onlyIf() {
          return (known ??= onlyIf());
        },
      });
    },
    failed: (phone: PhoneRow, row: MessageRow, error: string, onlyIf: Condition) =>
      consequencesOf(FAILED, ctx, phone, { row, error, onlyIf }),
    status: (phone: PhoneRow, status: string, _at: number, changes: Condition) =>
      consequencesOf(STATUS, ctx, phone, { status, changes }),
    groupEvent: (phone: PhoneRow, e: GroupEvent) => emitGroupEvent(base, phone, e),
    held: (phone: PhoneRow) => protection.held(phone),
    // An edit in this process while the round read the rows would be undone by them: then they are not kept.
    keeping: () => base.cache.edits,
    kept: (rows: PhoneRow[], owners: ProductRow[], freshMs: number, mark: unknown) =>
      mark === base.cache.edits && primeTargets(base, rows, owners, freshMs),
  };
}
