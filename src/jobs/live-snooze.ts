import { wakeIfDue } from '../services/inbox/snooze';
import { runAgain } from '../services/run-again';
import type { Job } from './job';

const POLL_MS = 1_000;
/** A pass wakes at most this many (snooze.ts); a full pass runs again at once. */
const FULL_PASS = 100;

/**
 * Snoozed inbox conversations (issue 42) open again at their time: the time is in the database
 * (`live_conversations.snoozed_until`), so a restart loses none; every second a pass wakes the due ones.
 */
export const startLiveSnooze: Job = (o) =>
  runAgain(
    { everyMs: o.pollMs ?? POLL_MS, failMsg: 'waking snoozed conversations failed', log: o.log },
    async () => (await wakeIfDue(o.ctx)) >= FULL_PASS,
  );
