import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { deleteBan, setBan } from '../../stores/staff-phones';

/** The Numbers screen's ban reasons (4-admin §9), the first the default. */
const REASONS = [
  { value: 'trial-abuse', text: 'trial-abuse' },
  { value: 'banned', text: 'banned' },
] as const;

export interface BanDialogProps {
  /** Set Ban or Remove Ban, for `number`; null when closed. */
  open: { mode: 'set' | 'remove'; number: string } | null;
  onClose: () => void;
  onDone: () => void;
}

/** The Set Ban and Remove Ban dialogs of the Numbers screen. */
export function BanDialog({ open, onClose, onDone }: BanDialogProps) {
  const [number, setNumber] = useState('');
  const [reason, setReason] = useState<string>('trial-abuse');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setNumber(open?.number ?? '');
    setReason('trial-abuse');
    setError('');
  }, [open]);
  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await (open?.mode === 'remove' ? deleteBan(number.trim()) : setBan(number.trim(), reason));
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = open?.mode === 'remove';
  return (
    <Modal
      open={open !== null}
      title={remove ? 'Remove Ban' : 'Set Ban'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={remove ? 'primary' : 'danger'} loading={busy} onClick={() => void confirm()}>
            {remove ? 'Remove Ban' : 'Set Ban'}
          </Button>
        </>
      }
    >
      <TextField label="Number" value={number} onChange={setNumber} inputMode="tel" data-autofocus readOnly={remove} />
      {!remove && <SelectField label="Reason" value={reason} onChange={setReason} options={REASONS} />}
      {error && <Alert tone="error">{error}</Alert>}
    </Modal>
  );
}
