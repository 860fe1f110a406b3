import type { SimTimings } from '../../src/engines/simulator/session';

/** The simulated world at test speed. */
export const FAST_SIM: Partial<SimTimings> = { connectMs: 5, reconnectMs: 60, ackDelaysMs: [5, 15, 30], replyMs: 20 };
