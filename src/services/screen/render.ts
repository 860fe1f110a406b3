/**
 * The "screen" of a phone session as a PNG, and simulated profile pictures. Pure TypeScript on Web
 * APIs only, so the same module runs in Node and in Cloudflare Workers.
 */
import { avatarPng } from './avatar';
import { pairingScreen } from './view-pairing';
import { qrScreen } from './view-qr';
import { activeScreen, type ScreenChat } from './view-active';
import { statusScreen } from './view-status';

/** What a phone session currently shows. */
export type ScreenView =
  | { kind: 'qr'; qr: string; phoneId: number }
  | { kind: 'pairing'; code: string; number: string; phoneId: number }
  | { kind: 'active'; me: { name: string; number: string }; chats: ScreenChat[]; phoneId: number }
  | { kind: 'status'; status: string; message?: string; phoneId: number };

/** Default side of a simulated profile picture, WhatsApp's full-size profile photo. */
export const AVATAR_SIZE = 640;

/** Renders a session's view as 960x600 PNG bytes. */
export function renderScreen(view: ScreenView): Promise<Uint8Array<ArrayBuffer>> {
  switch (view.kind) {
    case 'qr':
      return qrScreen(view.qr, view.phoneId).toPng();
    case 'pairing':
      return pairingScreen(view.code, view.number, view.phoneId).toPng();
    case 'active':
      return activeScreen(view.me, view.chats, view.phoneId).toPng();
    case 'status':
      return statusScreen(view.status, view.message, view.phoneId).toPng();
  }
}

/** A square PNG profile picture: seed-coloured, with the name's initials. */
export function renderAvatar(name: string, seed: string, size = AVATAR_SIZE): Promise<Uint8Array<ArrayBuffer>> {
  return avatarPng(name, seed, size);
}
