import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { PHONE_MSG } from '../../lib/phone-messages';
import { PROXY_REGIONS, recommendedProxy, type ProxyChoice, type Region } from '../../lib/phones';
import { useAction } from '../../lib/use-action';

export interface MobileProxyProps {
  /** The visitor's region, for the recommendation (2-phones §2.1). */
  region: Region | null;
  /** Sets the proxy (the server then redeploys the phone). */
  onSubmit: (choice: ProxyChoice) => Promise<void>;
  /** Starts open (stories). */
  defaultOpen?: boolean;
}

/** The Mobile Proxy button and its region dialog. India sends no region code (2-phones §5). */
export function MobileProxy({ region, onSubmit, defaultOpen = false }: MobileProxyProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [choice, setChoice] = useState<ProxyChoice>(recommendedProxy(region));
  const submit = useAction(async () => {
    await onSubmit(choice);
    setOpen(false);
  });
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Icon name="globe" size={18} />
        Mobile Proxy
      </Button>
      <Modal
        open={open}
        title="Mobile Proxy"
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={submit.busy} onClick={() => void submit.run()}>
              Use this proxy
            </Button>
          </>
        }
      >
        <p>
          The phone connects to WhatsApp through a mobile network of the region you choose. It restarts to apply the
          proxy.
        </p>
        {region === 'south-asia' && <Alert tone="info">{PHONE_MSG.southAsia}</Alert>}
        {region === 'south-america' && <Alert tone="info">{PHONE_MSG.southAmerica}</Alert>}
        <fieldset className="w-radios">
          <legend className="w-field__label">Region</legend>
          {PROXY_REGIONS.map((r) => (
            <label key={r.value} className="w-radio">
              <input
                type="radio"
                name="proxyRegion"
                value={r.value}
                checked={choice === r.value}
                onChange={() => setChoice(r.value)}
              />
              <span>{r.label}</span>
              {r.value === recommendedProxy(region) && region && <span className="w-radio__tag">recommended</span>}
            </label>
          ))}
        </fieldset>
        {submit.error && <Alert tone="error">{submit.error}</Alert>}
      </Modal>
    </>
  );
}
