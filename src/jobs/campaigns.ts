import { dispatchCampaigns } from '../services/campaigns/dispatch';
import { runAgain } from '../services/run-again';
import type { Job } from './job';

const POLL_MS = 1_000;

/**
 * Campaigns (issue 41): starts the scheduled ones at their time and keeps each phone's window of a
 * running campaign full, every second and at once when a campaign or a send moves (the bus).
 */
export const startCampaigns: Job = (o) =>
  runAgain(
    {
      everyMs: o.pollMs ?? POLL_MS,
      failMsg: 'campaign dispatch failed',
      log: o.log,
      wakeOn: { bus: o.ctx.bus, topic: 'campaigns' },
    },
    async () => (await dispatchCampaigns(o.ctx)) > 0,
  );
