import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { screenUrl } from '../../lib/messaging-api';
import { PHONE_MSG } from '../../lib/phone-messages';
import { partnerModeOf, type Phone } from '../../lib/phones';
import { changeMode } from '../../stores/phone-actions';
import {
  $progress,
  $qr,
  $screenStamp,
  fetchQr,
  markScreenLoaded,
  pokeStatus,
  refreshScreen,
} from '../../stores/phone-watch';
import { $queues } from '../../stores/phones';
import { $detailView, copyScreenUrl, enableFromPage, menuAction, showDetailView } from '../../stores/phones-page';
import { PartnerMode } from './PartnerMode';
import { PhoneDetail } from './PhoneDetail';
import { PhoneTools } from './PhoneTools';

/** The selected phone's panel: its screen or QR code, its menu, partner mode, notices and tools. */
export function SelectedPhone({ phone, partner }: { phone: Phone; partner: boolean }) {
  const queues = useStore($queues);
  const progress = useStore($progress);
  const qr = useStore($qr);
  const stamp = useStore($screenStamp);
  const view = useStore($detailView);
  const [pairing, setPairing] = useState<{ id: number; code: string } | null>(null);
  // An active phone shows the live screen, any other the QR view (2-phones §2.1); the toggle can override.
  const isActive = phone.status === 'active';
  useEffect(() => {
    showDetailView(isActive ? 'screen' : 'qr');
  }, [phone.id, isActive]);

  return (
    <PhoneDetail
      phone={phone}
      status={phone.status}
      queue={queues[phone.id] ?? phone.queue}
      view={view}
      onViewChange={showDetailView}
      screenSrc={screenUrl(phone.id, stamp)}
      onScreenLoad={markScreenLoaded}
      onScreenRefresh={refreshScreen}
      progress={progress}
      qr={qr}
      onQrRefresh={() => {
        refreshScreen();
        void fetchQr(phone.id);
      }}
      onQrRetry={() => void fetchQr(phone.id)}
      pairingCode={pairing?.id === phone.id ? pairing.code : undefined}
      onCopyUrl={() => void copyScreenUrl(phone)}
      onRefresh={() => {
        refreshScreen();
        pokeStatus();
      }}
      onAction={(a) => menuAction(phone, a)}
      mode={
        partner ? (
          <PartnerMode
            mode={partnerModeOf(phone)}
            disabled={phone.status === 'disabled'}
            onChange={(m) => changeMode(phone.id, m)}
          />
        ) : undefined
      }
      notice={
        phone.status === 'disabled' ? (
          <Alert tone="info">
            {partner ? (
              PHONE_MSG.partnerEnable
            ) : (
              <span className="w-inline-action">
                This phone is disabled.
                <Button size="sm" onClick={() => void enableFromPage(phone)}>
                  Enable
                </Button>
              </span>
            )}
          </Alert>
        ) : undefined
      }
    >
      <PhoneTools phone={phone} partner={partner} onPaired={(code) => setPairing({ id: phone.id, code })} />
    </PhoneDetail>
  );
}
