import type { ReactNode } from 'react';
import { ProgressBar } from '../../components/ProgressBar';
import { ToggleGroup } from '../../components/ToggleGroup';
import { phoneTitle, type Phone } from '../../lib/phones';
import type { Progress, QrState } from '../../stores/phone-watch';
import type { DetailView } from '../../stores/phones-page';
import { PhoneHeader, type PhoneHeaderProps } from './PhoneHeader';
import { Alert } from '../../components/Alert';
import { PhoneScreen } from './PhoneScreen';
import { QrPanel, useQrCountdown } from './QrPanel';
import { ScreenInfo } from './ScreenInfo';

export interface PhoneDetailProps extends Omit<PhoneHeaderProps, 'phone' | 'status'> {
  phone: Phone;
  /** The live status (from polling). */
  status: string;
  queue: number;
  view: DetailView;
  onViewChange: (view: DetailView) => void;
  screenSrc: string;
  onScreenLoad: () => void;
  /** A new screen image is due. */
  onScreenRefresh: () => void;
  progress: Progress;
  qr: QrState;
  /** The QR countdown ran out: new image and QR string. */
  onQrRefresh: () => void;
  onQrRetry: () => void;
  pairingCode?: string;
  /** Shown above the screen (the disabled phone's notice). */
  notice?: ReactNode;
  /** The phone's tools below the screen. */
  children?: ReactNode;
}

/** The selected phone: head, instance progress, QR-Code / Screen toggle, the image and its panel, tools. */
export function PhoneDetail(props: PhoneDetailProps) {
  const { phone, status, view, progress, qr } = props;
  const counting = view === 'qr' && status === 'qr-screen' && qr.kind === 'ready';
  const countdown = useQrCountdown(counting, props.onQrRefresh);
  return (
    <section className="w-card w-phone" aria-label={`Phone ${phoneTitle(phone)}`}>
      <PhoneHeader
        phone={phone}
        status={status}
        onCopyUrl={props.onCopyUrl}
        onRefresh={props.onRefresh}
        onAction={props.onAction}
        mode={props.mode}
      />
      {progress.visible && <ProgressBar value={progress.percent} label="Phone instance" stage={progress.label} />}
      {props.notice}
      {phone.engine === 'cloud' ? (
        <>
          <Alert tone="info">
            An official number of the WhatsApp Business Platform (Cloud API): no QR code or screen. Messages go out
            through Meta; outside the 24-hour customer-service window send an approved template.
          </Alert>
          <ScreenInfo phone={phone} status={status} queue={props.queue} />
        </>
      ) : (
        <>
          <div className="w-phone__viewbar">
            <ToggleGroup
              label="View"
              value={view}
              onChange={props.onViewChange}
              options={[
                { value: 'qr', label: 'QR-Code', icon: 'qr' },
                { value: 'screen', label: 'Screen', icon: 'monitor' },
              ]}
            />
            {counting ? (
              <span className="w-countdown" aria-hidden="true">
                QR refresh in {countdown}s
              </span>
            ) : (
              <span className="w-phone__hint">{view === 'screen' ? 'Live screen, refreshed automatically' : ''}</span>
            )}
          </div>
          <PhoneScreen
            src={props.screenSrc}
            alt={view === 'qr' ? `QR code of ${phoneTitle(phone)}` : `Screen of ${phoneTitle(phone)}`}
            caption={`${phoneTitle(phone)} · ${view === 'qr' ? 'QR-Code' : 'Screen'}`}
            status={status}
            onLoad={props.onScreenLoad}
            onTick={props.onScreenRefresh}
            paused={counting}
          />
          {view === 'qr' ? (
            <QrPanel
              status={status}
              qr={qr}
              pairingCode={props.pairingCode}
              onRetry={props.onQrRetry}
              onRedeploy={() => props.onAction('redeploy')}
            />
          ) : (
            <ScreenInfo phone={phone} status={status} queue={props.queue} />
          )}
        </>
      )}
      {props.children}
    </section>
  );
}
