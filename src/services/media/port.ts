import type { MediaInput } from '../../engines/types';

/**
 * Downloads a message's media (or a profile picture) from a customer's URL: the port the runner's
 * content resolver and commands call; the entries hand it the driver (src/adapters/media/download.ts).
 * Internal addresses are refused unless `allowPrivate` (development); failures are EngineErrors.
 */
export type FetchMedia = (url: string, opts: { allowPrivate: boolean; filename?: string }) => Promise<MediaInput>;
