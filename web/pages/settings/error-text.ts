import { MSG } from '../../lib/messages';

/** The text of a failed save: the server's message, else the generic error. */
export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : MSG.genericError;
}
