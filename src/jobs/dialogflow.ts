import type { DialogflowPort } from '../services/dialogflow/port';
import { answerAgentRequest, claimAgentRequests } from '../services/dialogflow/requests';
import { startPolling, type PollJobOptions } from './poll-loop';

export interface DialogflowJobOptions extends PollJobOptions {
  port: DialogflowPort;
}

/** Answers every due request once, one after another; returns how many were taken. */
export async function runDialogflowOnce(o: DialogflowJobOptions): Promise<number> {
  const batch = await claimAgentRequests(o.ctx);
  for (const req of batch) {
    await answerAgentRequest(o.ctx, o.port, req).catch((err: unknown) => o.log?.({ level: 'error', msg: 'dialogflow answer failed', id: req.id, err: String(err) }));
  }
  return batch.length;
}

/** Answers the agents' queue every second, and at once when the bus says a message was queued. Returns a stop function. */
export function startDialogflow(o: DialogflowJobOptions): () => Promise<void> {
  return startPolling(o, 'agentQueued', 'dialogflow job failed', async () => (await runDialogflowOnce(o)) > 0);
}
