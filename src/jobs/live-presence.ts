import { sweepDeadStreams } from '../services/inbox/presence-streams';
import { runAgain } from '../services/run-again';
import type { Job } from './job';

const EVERY_MS = 15_000;

/**
 * Inbox streams that died with their process (issue 42): their rows stop being touched, so every
 * 15 s a pass removes them and sets offline the holders they leave with no live stream. The Worker,
 * where no job runs, sweeps an account when its presence is read.
 */
export const startLivePresence: Job = (o) =>
  runAgain({ everyMs: o.pollMs ?? EVERY_MS, failMsg: 'sweeping dead inbox streams failed', log: o.log }, async () => {
    await sweepDeadStreams(o.ctx);
    return false;
  });
