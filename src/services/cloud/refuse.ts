import type { PhoneRow } from '../../../db/schema';
import { ApiError } from '../../errors';

/** The answer of a session call an official number has no use for (409). */
function notForCloudMessage(call: string): string {
  return `${call} does not apply to an official number (Cloud API): it has no WhatsApp Web session to scan, pair, show or restart.`;
}

/** Refuses a WhatsApp Web session call (QR, screen, pairing code, redeploy...) for an official number with 409. */
export function refuseForCloud(row: Pick<PhoneRow, 'engine'>, call: string): void {
  if (row.engine === 'cloud') throw new ApiError('CONFLICT', notForCloudMessage(call));
}
