import { type WASocket } from 'baileys';
import { EngineError } from '../types';
import { rethrow } from './errors';
import { digits } from './jid';

/** How long a number found on WhatsApp is trusted to still be there, and how many are remembered. */
const KNOWN_NUMBER_MS = 24 * 60 * 60_000;
const KNOWN_NUMBERS_MAX = 10_000;
/** Ids of recent sends whose acks may arrive folded into Baileys' echo of them (see SessionEventRouter.appended). */
const RECENT_SENDS_MAX = 1_000;

/**
 * WhatsApp takes messages to numbers that have no account and drops them; like the simulator, fail
 * those instead. A number found on WhatsApp is not asked about again for a day.
 */
export class KnownNumbers {
  private readonly knownNumbers = new Map<string, number>();

  async assertOnWhatsApp(sock: WASocket, jid: string): Promise<void> {
    const n = digits(jid);
    const checked = this.knownNumbers.get(n);
    if (checked && Date.now() - checked < KNOWN_NUMBER_MS) return;
    const [found] = (await sock.onWhatsApp(jid).catch(rethrow)) ?? [];
    if (!found?.exists) throw new EngineError('NOT_FOUND', `The number ${n} is not on WhatsApp.`);
    if (this.knownNumbers.size >= KNOWN_NUMBERS_MAX) this.knownNumbers.clear();
    this.knownNumbers.set(n, Date.now());
  }
}

/** Ids of this session's recent sends, so their status found in Baileys' own echo of them counts. */
export class RecentSends {
  private readonly sentHere = new Set<string>();

  remember(id: string): void {
    if (this.sentHere.size >= RECENT_SENDS_MAX) this.sentHere.delete(this.sentHere.values().next().value!);
    this.sentHere.add(id);
  }

  has(id: string): boolean {
    return this.sentHere.has(id);
  }
}
