import { msgGet, simPost } from '../lib/messaging-api';
import { pokeStatus, refreshScreen } from './phone-watch';

/** Faults the simulated network can inject. */
export const SIM_FAULTS = ['disconnect', 'phone-error', 'ban', 'idle'] as const;
export type SimFault = (typeof SIM_FAULTS)[number];

/** The selected phone's status and screen catch up with what the simulator just did. */
function settle(): void {
  refreshScreen();
  pokeStatus();
}

/** Scans the phone's current QR (`GET qrData`, then `POST /api/sim/scan`); resolves to the linked number. */
export async function simScan(phoneId: number, number?: string): Promise<string> {
  const { qrData } = await msgGet<{ qrData: string }>(`/${phoneId}/qrData`);
  const body = await simPost<{ number: string }>('/scan', number ? { qr: qrData, number } : { qr: qrData });
  settle();
  return body.number;
}

/** Enters a pairing code on the simulated phone (`POST /api/sim/pair`); resolves to the linked number. */
export async function simPair(phoneId: number, code: string): Promise<string> {
  const body = await simPost<{ number: string }>('/pair', { phoneId, code });
  settle();
  return body.number;
}

/** A message to the phone from another number (`POST /api/sim/incoming`); resolves to the chat id. */
export async function simIncoming(phoneId: number, from: string, message: string): Promise<string> {
  const body = await simPost<{ chatId: string }>('/incoming', { phoneId, from, message });
  settle();
  return body.chatId;
}

/** Injects a fault (`POST /api/sim/fault`). */
export async function simFault(phoneId: number, fault: SimFault): Promise<void> {
  await simPost('/fault', { phoneId, fault });
  settle();
}
