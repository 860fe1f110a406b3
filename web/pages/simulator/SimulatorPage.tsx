import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { PhonePicker } from '../../components/PhonePicker';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/bootstrap';
import { screenUrl } from '../../lib/messaging-api';
import { formatPairingCode, phoneTitle } from '../../lib/phones';
import { $screenStamp, refreshScreen, watchPhone } from '../../stores/phone-watch';
import { $phones, $phonesLoaded, $selected, loadPhones, selectPhone } from '../../stores/phones';
import { SIM_FAULTS, simFault, simIncoming, simPair, simScan, type SimFault } from '../../stores/simulator';
import { PhoneScreen } from '../phones/PhoneScreen';
import { StatusChip } from '../phones/StatusChip';
import { SimForm } from './SimForm';
import '../phones/phones.css';

/** Shown when the server does not run the simulated network. */
const SIMULATOR_OFF = 'The simulator is not enabled on this server.';

const FAULT_TEXT: Record<SimFault, string> = {
  disconnect: 'disconnect (drops, then reconnects)',
  'phone-error': 'phone-error (phone offline)',
  ban: 'ban (account banned)',
  idle: 'idle (QR code times out)',
};

/** `/simulator`: drive the simulated WhatsApp network for one of your phones. */
export default function SimulatorPage() {
  const phones = useStore($phones);
  const loaded = useStore($phonesLoaded);
  const selected = useStore($selected);
  const stamp = useStore($screenStamp);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [from, setFrom] = useState('905551234567');
  const [message, setMessage] = useState('Hello from the simulator!');
  const [fault, setFault] = useState<SimFault>('disconnect');
  const on = getConfig().simulator;

  useEffect(() => {
    if (on) void loadPhones();
  }, [on]);
  const simPhones = phones.filter((p) => p.engine === 'sim');
  // The phones page may have selected a phone of another engine: the simulator acts on its own phones.
  const phone = selected?.engine === 'sim' ? selected : simPhones[0];
  const phoneId = phone?.id;
  useEffect(() => {
    if (phoneId !== undefined && phoneId !== selected?.id) selectPhone(phoneId);
  }, [phoneId, selected?.id]);
  useEffect(() => (phoneId === undefined ? undefined : watchPhone(phoneId)), [phoneId]);

  if (!on) {
    return (
      <Card title="Simulator">
        <p className="w-muted">{SIMULATOR_OFF}</p>
      </Card>
    );
  }
  if (!loaded) return <Loader />;
  if (!phone) {
    return (
      <Card title="Simulator">
        <p className="w-muted">
          Add a phone on the Phones page first; the simulator then acts as the WhatsApp app on your phone.
        </p>
      </Card>
    );
  }
  const status = phone.status;
  const needsQr = status === 'qr-screen' ? undefined : 'The phone is not showing a QR code right now.';
  const needsPairing = status === 'PAIRING' ? undefined : 'Start Connect With Phone Number on the Phones page first.';
  const needsLink = status === 'active' ? undefined : 'The phone must be active.';

  return (
    <div className="w-sim">
      <Card description="This stands in for WhatsApp on a real phone: scan a QR code, enter a pairing code, receive messages or break the connection. It acts on the simulated network only.">
        <div className="w-sim__pick">
          <PhonePicker
            phones={simPhones}
            value={String(phone.id)}
            onChange={(v) => selectPhone(Number(v))}
            optionText={(p) => `${phoneTitle(p)} · ID ${p.id}`}
          />
          <StatusChip status={status} />
        </div>
      </Card>
      <div className="w-sim__grid">
        <PhoneScreen
          src={screenUrl(phone.id, stamp)}
          alt={`Screen of ${phoneTitle(phone)}`}
          caption={`${phoneTitle(phone)} · Screen`}
          status={status}
          onTick={refreshScreen}
        />
        <div className="w-sim__controls">
          <SimForm
            title="Scan QR code"
            description="Scans the QR code the phone shows now, as WhatsApp's Link a device does."
            submitLabel="Scan"
            hint={needsQr}
            onRun={async () => `Linked as +${await simScan(phone.id, number.trim() || undefined)}.`}
          >
            <TextField
              label="Number (optional)"
              name="simNumber"
              inputMode="numeric"
              placeholder="905551234567"
              value={number}
              onChange={setNumber}
              hint="Link as this number; empty picks one."
            />
          </SimForm>
          <SimForm
            title="Pairing code"
            description="Types the pairing code from Connect With Phone Number."
            submitLabel="Pair"
            hint={needsPairing}
            onRun={async () => `Linked as +${await simPair(phone.id, code.trim())}.`}
          >
            <TextField
              label="Code"
              name="simCode"
              autoComplete="off"
              placeholder={formatPairingCode('ABCDEFGH')}
              value={code}
              onChange={setCode}
            />
          </SimForm>
          <SimForm
            title="Incoming message"
            description="Another WhatsApp user writes to this phone."
            submitLabel="Send to phone"
            hint={needsLink}
            onRun={async () => `Delivered in chat ${await simIncoming(phone.id, from.trim(), message)}.`}
          >
            <TextField label="From number" name="simFrom" inputMode="numeric" value={from} onChange={setFrom} />
            <TextField label="Message" name="simMessage" value={message} onChange={setMessage} />
          </SimForm>
          <SimForm
            title="Fault"
            description="Makes something go wrong, to see how the phone and your integration react."
            submitLabel="Inject fault"
            onRun={async () => {
              await simFault(phone.id, fault);
              return `Fault '${fault}' injected.`;
            }}
          >
            <SelectField
              label="Fault"
              value={fault}
              onChange={(v) => setFault(v as SimFault)}
              options={SIM_FAULTS.map((f) => ({ value: f, text: FAULT_TEXT[f] }))}
            />
          </SimForm>
        </div>
      </div>
    </div>
  );
}
