import type { PhoneStateFlags } from '../../../db/schema';
import type { PhoneStatus } from '../../shared/phone-status';
import type { SessionState } from '../../engines/types';

/** A session state as the phones row keeps it (2-phones §4.1, 3-developer §4). */
export function mapState(state: SessionState, version: string): { status: PhoneStatus; flags: PhoneStateFlags } {
  const flags: PhoneStateFlags = {
    loggedIn: false,
    isQr: false,
    loading: false,
    connRetry: false,
    message: '',
    version,
    multidevice: true,
    state: { state: 'UNPAIRED', canSend: false },
  };
  switch (state.kind) {
    case 'starting':
    case 'connecting':
    case 'logged-out':
      return { status: 'loading', flags: { ...flags, loading: true, state: { state: 'OPENING', canSend: false } } };
    case 'qr':
      return { status: 'qr-screen', flags: { ...flags, isQr: true, state: { state: 'UNPAIRED', canSend: false } } };
    case 'pairing':
      return { status: 'PAIRING', flags: { ...flags, state: { state: 'PAIRING', canSend: false } } };
    case 'active':
      return { status: 'active', flags: { ...flags, loggedIn: true, state: { state: 'CONNECTED', canSend: true } } };
    case 'conn-retry':
      return {
        status: 'conn-retry',
        flags: {
          ...flags,
          connRetry: true,
          message: state.message ?? '',
          state: { state: 'CONFLICT', canSend: false },
        },
      };
    case 'phone-error':
      return {
        status: 'phone-error',
        flags: { ...flags, message: state.message, state: { state: 'PHONE_ERROR', canSend: false } },
      };
    case 'banned':
      return {
        status: 'phone-error',
        flags: { ...flags, message: state.message, state: { state: 'UNPAIRED', canSend: false } },
      };
    case 'idle':
      return { status: 'idle', flags: { ...flags, state: { state: 'TIMEOUT', canSend: false } } };
    case 'login-required':
      return { status: 'not_logged_in', flags: { ...flags, state: { state: 'UNPAIRED', canSend: false } } };
    case 'account-error':
      return {
        status: 'account-error',
        flags: { ...flags, loggedIn: true, message: state.message, state: { state: 'PHONE_ERROR', canSend: false } },
      };
  }
}

/**
 * The console's derivation of a status from the status call's flags (2-phones §4.1): connection retry
 * gives no internet, the QR flag qr-screen, loading loading, a message phone-error, logged in active,
 * anything else other.
 */
export function deriveStatus(
  f: Pick<PhoneStateFlags, 'connRetry' | 'isQr' | 'loading' | 'message' | 'loggedIn'>,
): string {
  if (f.connRetry) return 'no internet';
  if (f.isQr) return 'qr-screen';
  if (f.loading) return 'loading';
  if (f.message) return 'phone-error';
  if (f.loggedIn) return 'active';
  return 'other';
}

/** The status enum of the status webhooks (status-enum in the reference). */
export function webhookStatus(status: string): 'active' | 'qr-code' | 'phone-error' | 'idle' | 'loading' | 'disabled' {
  switch (status) {
    case 'active':
    case 'idle':
    case 'loading':
    case 'disabled':
    case 'phone-error':
      return status;
    case 'qr-screen':
    case 'PAIRING':
      return 'qr-code';
    case 'conn-retry':
    case 'low-battery':
    case 'TIMEOUT':
    case 'account-error':
      return 'phone-error';
    // An Instagram account waiting for its login, as a WhatsApp phone waits for its scan.
    case 'not_logged_in':
      return 'qr-code';
    default:
      return 'loading';
  }
}
