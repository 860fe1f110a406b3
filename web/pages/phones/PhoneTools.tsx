import { useStore } from '@nanostores/react';
import { proxyOffered, type Phone } from '../../lib/phones';
import { connectWithNumber, sendTestMessage, setMobileProxy, setPhoneName } from '../../stores/phone-actions';
import { $region } from '../../stores/phones-page';
import { ChangeName } from './ChangeName';
import { ConnectWithPhoneNumber } from './ConnectWithPhoneNumber';
import { MobileProxy } from './MobileProxy';
import { SendTestMessage } from './SendTestMessage';

export interface PhoneToolsProps {
  phone: Phone;
  partner: boolean;
  /** A pairing code came back for the phone. */
  onPaired: (code: string) => void;
}

/** The selected phone's tools: its name, the connection (mobile proxy, pairing code) and the test message. */
export function PhoneTools({ phone, partner, onPaired }: PhoneToolsProps) {
  const region = useStore($region);
  return (
    <div className="w-tools">
      <div className="w-tools__block">
        <h3 className="w-panel-title">Name</h3>
        <ChangeName key={phone.id} name={phone.name} onSave={(name) => setPhoneName(phone.id, name)} />
      </div>
      {phone.status !== 'disabled' && (!partner || proxyOffered(phone)) && (
        <div className="w-tools__block">
          <h3 className="w-panel-title">Connection</h3>
          <div className="w-tools__buttons">
            {proxyOffered(phone) && <MobileProxy region={region} onSubmit={(c) => setMobileProxy(phone.id, c)} />}
            {!partner && phone.status !== 'active' && (
              <ConnectWithPhoneNumber
                key={phone.id}
                onConnect={async (n) => {
                  const code = await connectWithNumber(phone.id, n);
                  onPaired(code);
                  return code;
                }}
              />
            )}
            {phone.status === 'active' && (
              <p className="w-muted">The phone is connected. Log it out from the menu to link another account.</p>
            )}
          </div>
        </div>
      )}
      <div className="w-tools__block w-tools__block--wide">
        <h3 className="w-panel-title">Send Test Message</h3>
        <SendTestMessage
          key={phone.id}
          status={phone.status}
          onSend={(to, text) => sendTestMessage(phone.id, to, text)}
        />
      </div>
    </div>
  );
}
