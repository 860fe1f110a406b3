import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { Modal } from '../../components/Modal';
import { DEV_MSG } from '../../lib/dev-messages';
import { listQueues, phoneQueue, purgeQueue } from '../../lib/developer-api';
import { SNACKBAR_MS } from '../../lib/developers';
import { errorMessage } from '../../lib/messaging-api';
import { useInterval } from '../../lib/use-timers';
import { showToast } from '../../stores/toasts';
import { QueueTable, type QueueRow } from './QueueTable';

/** The queue list refreshes this often (3-developer §2.1, §9). */
export const QUEUE_REFRESH_MS = 60_000;
/** ... and this often while any queue is being processed (above 0). */
export const PROCESSING_REFRESH_MS = 10_000;

/** The refresh interval for a queue list. */
export function queueRefreshMs(rows: readonly { queue: number }[]): number {
  return rows.some((r) => r.queue > 0) ? PROCESSING_REFRESH_MS : QUEUE_REFRESH_MS;
}

/** Queues of every phone with the sending statistic of those that have one; per-phone clear. */
export function QueuesPanel() {
  const [rows, setRows] = useState<QueueRow[] | null>(null);
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState<QueueRow | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const list = await listQueues();
      const stats = await Promise.all(list.map((q) => (q.queue > 0 ? phoneQueue(q.id).then((s) => s.stats.sending).catch(() => undefined) : Promise.resolve(0))));
      setRows(list.map((q, i) => ({ ...q, ...(stats[i] !== undefined ? { sending: stats[i] } : {}) })));
      setError('');
    } catch (e) {
      setError(errorMessage(e));
      setRows((r) => r ?? []);
    }
  }, []);
  useEffect(() => void load(), [load]);
  useInterval(() => void load(), rows ? queueRefreshMs(rows) : null);

  const clear = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      const res = await purgeQueue(confirm.id);
      showToast(`${res.purged} queued messages of phone ${confirm.id} were deleted.`, 'success', SNACKBAR_MS);
      await load();
    } catch (e) {
      showToast(errorMessage(e), 'error', SNACKBAR_MS);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

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
            <Button variant="danger" loading={busy} onClick={() => void clear()}>
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
