import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import { addCloudPhone, type CloudFields } from '../../stores/phone-actions';

const EMPTY: CloudFields = { phone_number_id: '', waba_id: '', access_token: '' };

/**
 * "Official number (Cloud API)": adds a number of Meta's WhatsApp Business Platform with its Phone
 * number ID, WhatsApp Business Account ID and access token, beside the QR and pairing-code ways.
 * A token Meta refuses shows Meta's message and adds nothing.
 */
export function AddCloudPhone({ onAdded }: { onAdded?: () => void }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<CloudFields>(EMPTY);
  const add = useAction(async () => {
    await addCloudPhone(fields);
    setOpen(false);
    setFields(EMPTY);
    onAdded?.();
  });
  const set = (k: keyof CloudFields) => (v: string) => setFields((f) => ({ ...f, [k]: v.trim() }));
  const ready = Boolean(fields.phone_number_id && fields.waba_id && fields.access_token);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Official number (Cloud API)
      </Button>
      <Modal
        open={open}
        title="Add an official number (Cloud API)"
        onClose={() => setOpen(false)}
        size="md"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form="w-cloud-form" loading={add.busy} disabled={!ready}>
              Add official number
            </Button>
          </>
        }
      >
        <form
          id="w-cloud-form"
          className="w-cloud-form"
          onSubmit={(e) => {
            e.preventDefault();
            void add.run();
          }}
        >
          <p className="w-muted">
            A number of Meta&apos;s WhatsApp Business Platform: no QR scan and no ban risk. Copy these from WhatsApp
            Manager (API Setup) and use a system user&apos;s permanent token.
          </p>
          <TextField
            label="Phone number ID"
            name="phone_number_id"
            value={fields.phone_number_id}
            onChange={set('phone_number_id')}
            inputMode="numeric"
            autoComplete="off"
            required
            data-autofocus
          />
          <TextField
            label="WhatsApp Business Account ID"
            name="waba_id"
            value={fields.waba_id}
            onChange={set('waba_id')}
            inputMode="numeric"
            autoComplete="off"
            required
          />
          <TextField
            label="Access token"
            name="access_token"
            type="password"
            value={fields.access_token}
            onChange={set('access_token')}
            autoComplete="off"
            required
          />
          {add.error && <Alert tone="error">{add.error}</Alert>}
        </form>
      </Modal>
    </>
  );
}
