import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { dialCode, dialCountries } from '../../lib/dial-codes';
import { PHONE_MSG } from '../../lib/phone-messages';
import { formatPairingCode } from '../../lib/phones';
import { useAction } from '../../lib/use-action';

/** The country the picker starts on (2-phones §5). */
const PREFERRED_COUNTRY = 'TR';

/** The number as sent: digits only (a leading + and spaces are dropped); '' when it is not numeric. */
export function cleanPhoneNumber(raw: string): string {
  const n = raw.replace(/[\s+\-()]/g, '');
  return /^\d+$/.test(n) ? n : '';
}

export interface ConnectWithPhoneNumberProps {
  /** Asks for a pairing code; resolves to the code. */
  onConnect: (number: string) => Promise<string>;
  defaultOpen?: boolean;
}

/** Links a phone with a pairing code instead of a QR scan (2-phones §5). */
export function ConnectWithPhoneNumber({ onConnect, defaultOpen = false }: ConnectWithPhoneNumberProps) {
  const countries = useMemo(() => dialCountries(PREFERRED_COUNTRY), []);
  const [open, setOpen] = useState(defaultOpen);
  const [country, setCountry] = useState(PREFERRED_COUNTRY);
  const [number, setNumber] = useState('');
  const [error, setError] = useState('');
  const [code, setCode] = useState('');
  const connect = useAction(async (n: string) => setCode(await onConnect(n)));

  const close = () => {
    setOpen(false);
    setCode('');
    setError('');
    connect.clearError();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!number.trim()) return setError(PHONE_MSG.numberRequired);
    // Read in the picked country (its trunk 0 dropped where it dials one), or as typed with + or 00.
    // The reader (libphonenumber-js) loads on the first submit: the phones page opens without it.
    const { normalizePhone } = await import('../../lib/phone-numbers');
    const n = normalizePhone(number, { country });
    if (!n.ok) return setError(n.error);
    setError('');
    void connect.run(n.digits);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Icon name="link" size={18} />
        Connect With Phone Number
      </Button>
      <Modal
        open={open}
        title="Connect With Phone Number"
        onClose={close}
        footer={code ? <Button onClick={close}>Done</Button> : undefined}
      >
        {code ? (
          <div className="w-pair-result">
            <p>Enter this code on your phone:</p>
            <p className="w-pair-code">{formatPairingCode(code)}</p>
            <p>
              In WhatsApp open <strong>Linked devices</strong> → <strong>Link a device</strong> →{' '}
              <strong>Link with phone number instead</strong>.
            </p>
          </div>
        ) : (
          <form className="w-form" noValidate onSubmit={(e) => void submit(e)}>
            {connect.error && <Alert tone="error">{connect.error}</Alert>}
            <SelectField label="Country" value={country} onChange={setCountry} options={countries} />
            <TextField
              label="Phone number"
              name="pairNumber"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              required
              data-autofocus
              placeholder="5301234567"
              value={number}
              onChange={(v) => {
                setNumber(v);
                setError('');
              }}
              error={error || undefined}
              hint={`Without the country code: +${dialCode(country)} is added. Start with + or 00 to type a full number.`}
            />
            <div className="w-form__actions">
              <Button type="submit" loading={connect.busy} disabled={!number.trim()}>
                Connect
              </Button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
