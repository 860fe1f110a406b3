import { DisconnectReason } from 'baileys';

/** What the session does after Baileys closed its socket. */
export type CloseAction =
  /** WhatsApp asks for a new connection (after linking): reconnect at once, silently. */
  | { kind: 'restart' }
  /** The device was unlinked: clear the credentials and show a new QR code. */
  | { kind: 'logged-out'; reason: string }
  | { kind: 'banned'; message: string }
  /** Every QR code went unscanned: wait until someone starts the session again. */
  | { kind: 'idle' }
  /** Reconnecting would not help (another client took over the session, the account cannot multi-device). */
  | { kind: 'phone-error'; message: string }
  /** The connection broke: reconnect with backoff. */
  | { kind: 'retry'; message: string };

/** Baileys' message when the server's QR refs ran out unscanned. */
const QR_ENDED = 'QR refs attempts ended';

const LOGGED_OUT_REASON = 'The device was logged out from the phone.';
const BANNED_MESSAGE = 'This account is not allowed to use WhatsApp (banned).';
const REPLACED_MESSAGE = 'This WhatsApp session was opened somewhere else.';
const MULTIDEVICE_MESSAGE = 'This account cannot use linked devices.';
const OUTDATED_MESSAGE = "WhatsApp refused this client version. Update Baileys or set the engine's version.";
/** WhatsApp's `<failure reason="405">`: the announced WhatsApp Web version is too old; retrying cannot help. */
const OUTDATED_VERSION = 405;

/** Maps the error Baileys closed the connection with to what the session does next. */
export function closeAction(error: Error | undefined): CloseAction {
  const code = (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
  const message = error?.message ?? 'Connection closed';
  switch (code) {
    case DisconnectReason.restartRequired:
      return { kind: 'restart' };
    case DisconnectReason.loggedOut:
    case 419:
      return { kind: 'logged-out', reason: LOGGED_OUT_REASON };
    case DisconnectReason.forbidden:
      return { kind: 'banned', message: BANNED_MESSAGE };
    case DisconnectReason.connectionReplaced:
      return { kind: 'phone-error', message: REPLACED_MESSAGE };
    case DisconnectReason.multideviceMismatch:
      return { kind: 'phone-error', message: MULTIDEVICE_MESSAGE };
    case OUTDATED_VERSION:
      return { kind: 'phone-error', message: OUTDATED_MESSAGE };
    case DisconnectReason.timedOut:
      if (message.includes(QR_ENDED)) return { kind: 'idle' };
      return { kind: 'retry', message: `Connection lost (${message}). Reconnecting...` };
    default:
      return { kind: 'retry', message: `Connection lost (${message}). Reconnecting...` };
  }
}
