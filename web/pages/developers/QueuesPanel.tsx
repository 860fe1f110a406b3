import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { Modal } from '../../components/Modal';
import { DEV_MSG } from '../../lib/dev-messages';
import { SNACKBAR_MS } from '../../lib/developers';
import { useAction } from '../../lib/use-action';
import { $queueRows, $queuesError, clearQueue, watchQueues, type QueueRow } from '../../stores/developers/queues';
import { showToast } from '../../stores/toasts';
import { QueueTable } from './QueueTable';

/** Queues of every phone with the sending statistic of those that have one; per-phone clear. */
export function QueuesPanel() {
  const rows = useStore($queueRows);
  const error = useStore($queuesError);
  const [confirm, setConfirm] = useState<QueueRow | null>(null);
  useEffect(watchQueues, []);
  const clear = useAction(
    async (row: QueueRow) => {
      const purged = await clearQueue(row.id);
      showToast(`${purged} queued messages of phone ${row.id} were deleted.`, 'success', SNACKBAR_MS);
    },
    { onError: (text) => showToast(text, 'error', SNACKBAR_MS) },
  );

  return (
    <div className="w-dev-stack">
      {error && <Alert tone="error">{error}</Alert>}
      {rows ? <QueueTable rows={rows} onClear={setConfirm} /> : <Loader label="Loading queues…" />}
      <Modal
        open={confirm !== null}
        kind="alert"
        title="Clear queue"
        onClose={() => setConfirm(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={clear.busy}
              onClick={() => void (confirm && clear.run(confirm).then(() => setConfirm(null)))}
            >
              Delete
            </Button>
          </>
        }
      >
        <p>{DEV_MSG.clearQueueConfirm}</p>
      </Modal>
    </div>
  );
}
