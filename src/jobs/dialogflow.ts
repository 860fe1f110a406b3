import type { DialogflowPort } from '../services/dialogflow/port';
import { answerAgentRequest, claimAgentRequests } from '../services/dialogflow/requests';
import { runAgain } from '../services/run-again';
import type { Job, JobOptions } from './job';

/** Answers every due request once, one after another; returns how many were taken. */
async function runDialogflowOnce(o: JobOptions & { dialogflow: DialogflowPort }): Promise<number> {
  const batch = await claimAgentRequests(o.ctx);
  for (const req of batch) {
    await answerAgentRequest(o.ctx, o.dialogflow, req).catch((err: unknown) =>
      o.log?.({ level: 'error', msg: 'dialogflow answer failed', id: req.id, err: String(err) }),
    );
  }
  return batch.length;
}

/** Answers the agents' queue every second, and at once when the bus says a message was queued. Returns a stop function. */
export const startDialogflow: Job<{ dialogflow: DialogflowPort }> = (o) =>
  runAgain(
    {
      everyMs: o.pollMs ?? 1_000,
      wakeOn: { bus: o.ctx.bus, topic: 'agentQueued' },
      failMsg: 'dialogflow job failed',
      log: o.log,
    },
    async () => (await runDialogflowOnce(o)) > 0,
  );
