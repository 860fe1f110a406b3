/**
 * An official number's throughput tier as Meta reports it (`GET /{phone_number_id}?fields=throughput`):
 * read when the session starts, again every `TIER_REFRESH_MS`, and at once when Meta's webhook says the
 * number changed (`phone_number_quality_update`). Until the first answer, and after a failed read, the
 * number keeps the rate it had (STANDARD at first: every registered number has at least that).
 * Each rate read is kept in the phone's auth store under `TIER_RATE_KEY`, so what runs elsewhere (a
 * campaign's ETA, in the API's process) paces by the tier Meta last reported.
 */
import type { SessionEvents } from '../types';
import { DEFAULT_TIER_RATE, throughputRate, type GraphOptions } from './graph';

/** How often the tier is read again without a webhook saying so. */
const TIER_REFRESH_MS = 15 * 60_000;
/** After a failed read, the next try. */
const TIER_RETRY_MS = 60_000;

/** The phone's auth-store key of the last tier read: its messages a second, as a decimal string. */
export const TIER_RATE_KEY = 'tier:rate';

export class CloudTier {
  private rate = DEFAULT_TIER_RATE;
  /** When the next read is due (ms, the session's clock). */
  private dueAt = 0;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly graph: GraphOptions,
    private readonly log?: SessionEvents['log'],
    /** Keeps a rate read (the phone's auth store); a failure to keep it is logged, the rate still used. */
    private readonly keep?: (perSecond: number) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Messages a second the number may send now. */
  get perSecond(): number {
    return this.rate;
  }

  /** Reads the tier when due, or at once with `force`; one read at a time. */
  refresh(account: { token: string; phoneNumberId: string }, force = false): Promise<void> {
    if (this.reading || (!force && this.now() < this.dueAt)) return this.reading ?? Promise.resolve();
    this.dueAt = this.now() + TIER_REFRESH_MS;
    this.reading = (async () => {
      try {
        const rate = await throughputRate(this.graph, account.token, account.phoneNumberId);
        this.rate = rate;
        await this.keep?.(rate).catch((err: unknown) =>
          this.log?.({
            level: 'warn',
            msg: 'cloud: the throughput tier could not be kept',
            err: err instanceof Error ? err.message : String(err),
          }),
        );
      } catch (err) {
        this.dueAt = this.now() + TIER_RETRY_MS;
        this.log?.({
          level: 'warn',
          msg: 'cloud: the throughput tier could not be read',
          err: err instanceof Error ? err.message : String(err),
        });
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }
}
