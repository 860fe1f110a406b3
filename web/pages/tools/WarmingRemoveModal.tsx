import { AlertModal } from '../../components/AlertModal';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useAction } from '../../lib/use-action';
import type { WarmingRecord } from '../../stores/tools';

export interface WarmingRemoveModalProps {
  record: WarmingRecord;
  onClose: () => void;
  /** Takes the phone out of the pool; the dialog closes when it resolves and shows the error when it throws. */
  onConfirm: () => Promise<void>;
}

/** Asks before a phone leaves the warming pool: its warm-up stops and its days in the pool start again if it is added back. */
export function WarmingRemoveModal({ record, onClose, onConfirm }: WarmingRemoveModalProps) {
  const remove = useAction(
    async () => {
      await onConfirm();
      onClose();
    },
    { label: 'Remove' },
  );
  return (
    <AlertModal
      open
      title="Remove from warming pool"
      onClose={onClose}
      closeLabel="Cancel"
      action={
        <Button variant="danger" loading={remove.busy} onClick={() => void remove.run()}>
          Remove
        </Button>
      }
    >
      {remove.error && <Alert tone="error">{remove.error}</Alert>}
      <p>
        Remove phone <strong>#{record.mainID}</strong>
        {record.number ? ` (+${record.number})` : ''} from the warming pool? Its warm-up stops, and its days in the pool
        count from zero if you add it again.
      </p>
    </AlertModal>
  );
}
