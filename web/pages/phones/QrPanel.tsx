import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { PHONE_MSG } from '../../lib/phone-messages';
import { formatPairingCode } from '../../lib/phones';
import type { QrState } from '../../stores/phone-watch';

/** The QR view counts down this many seconds, then refreshes (2-phones §4.2). */
const QR_COUNTDOWN_S = 5;
const SECOND_MS = 1_000;

/** Counts down from QR_COUNTDOWN_S while `running`, calls `onRefresh` at zero and starts over. */
export function useQrCountdown(running: boolean, onRefresh: () => void): number {
  const [left, setLeft] = useState(QR_COUNTDOWN_S);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  useEffect(() => {
    if (!running) return;
    setLeft(QR_COUNTDOWN_S);
    let n = QR_COUNTDOWN_S;
    const timer = setInterval(() => {
      n -= 1;
      if (n <= 0) {
        n = QR_COUNTDOWN_S;
        refresh.current();
      }
      setLeft(n);
    }, SECOND_MS);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}

export interface QrPanelProps {
  status: string;
  qr: QrState;
  /** The pairing code of a phone-number connect (PAIRING). */
  pairingCode?: string;
  onRetry: () => void;
  /** Redeploys the phone: the way out of an idle (timed-out) QR. */
  onRedeploy: () => void;
}

/** Below the QR image: the QR's state, the pairing code, and the old-messages notice. */
export function QrPanel({ status, qr, pairingCode, onRetry, onRedeploy }: QrPanelProps) {
  return (
    <div className="w-qr-panel">
      {status === 'PAIRING' ? (
        <>
          <h3 className="w-panel-title">Enter the code on your phone</h3>
          {pairingCode && <p className="w-pair-code">{formatPairingCode(pairingCode)}</p>}
          <p className="w-muted">
            In WhatsApp open <strong>Linked devices</strong> → <strong>Link a device</strong> →{' '}
            <strong>Link with phone number instead</strong>, then type the code.
          </p>
        </>
      ) : (
        <>
          <p className="w-muted">
            Scan the code with WhatsApp on your phone: <strong>Linked devices</strong> → <strong>Link a device</strong>.
            No camera at hand? Use <strong>Connect With Phone Number</strong> below.
          </p>
          {status === 'idle' && (
            <div className="w-qr-panel__failed">
              <span>{PHONE_MSG.qrIdle}</span>
              <Button size="sm" variant="secondary" onClick={onRedeploy}>
                Redeploy
              </Button>
            </div>
          )}
          {qr.kind === 'waiting' && <Loader label={PHONE_MSG.qrWaiting} />}
          {qr.kind === 'failed' && (
            <div className="w-qr-panel__failed">
              <span>{PHONE_MSG.qrNotReady}</span>
              <Button size="sm" variant="secondary" onClick={onRetry}>
                Try again
              </Button>
            </div>
          )}
        </>
      )}
      <p className="w-note">{PHONE_MSG.oldMessages}</p>
    </div>
  );
}
