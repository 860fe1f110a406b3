import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { AlertModal } from '../../components/AlertModal';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { addReading, type Campaign, type CampaignRecipient, type Reading } from '../../lib/campaigns';
import { errorMessage } from '../../lib/messaging-api';
import { usePoll } from '../../lib/use-poll';
import { campaignAction, downloadRecipientsCsv, fetchCampaign, fetchRecipients } from '../../stores/campaigns';
import { showToast } from '../../stores/toasts';
import type { PageProps } from '../page-props';
import { CAMPAIGN_TEXT as T } from './campaign-text';
import { CampaignView, type CampaignAction } from './CampaignView';
import { RecipientsTable } from './RecipientsTable';

/** While a campaign runs its counts are read this often (the issue: every 2-3 s while the page is visible). */
const LIVE_MS = 2_500;
/** After it ends, delivered / read / replied still move with late acks and replies: read less often (ours). */
const SETTLED_MS = 10_000;

/** The recipients table's state: the status filter and the cursors of the pages seen (the first is null). */
function useRecipients(id: string) {
  const [status, setStatus] = useState('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [rows, setRows] = useState<CampaignRecipient[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState('');
  const cursor = cursors[cursors.length - 1] ?? null;
  const load = useCallback(async () => {
    try {
      const page = await fetchRecipients(id, status, cursor);
      setRows(page.data);
      setNext(page.next_cursor);
      setError('');
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [id, status, cursor]);
  useEffect(() => void load(), [load]);
  return {
    load,
    props: {
      rows,
      status,
      onStatus: (s: string) => {
        setStatus(s);
        setCursors([null]);
        setRows(null);
      },
      page: cursors.length,
      hasNext: next !== null,
      onPage: (step: -1 | 1) => setCursors(step === 1 ? [...cursors, next] : cursors.slice(0, -1)),
      error,
    },
  };
}

/** /campaigns/:id: one campaign, its counts read live while it runs (issue 41). */
export default function CampaignPage({ params }: PageProps) {
  const id = params.id ?? '';
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [error, setError] = useState('');
  const [readings, setReadings] = useState<Reading[]>([]);
  const [busy, setBusy] = useState<CampaignAction | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const recipients = useRecipients(id);
  const load = useCallback(async () => {
    try {
      const c = await fetchCampaign(id);
      setCampaign(c);
      setReadings((list) => addReading(list, c.counts, Date.now() / 1000));
      setError('');
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [id]);
  useEffect(() => void load(), [load]);
  const live = campaign?.status === 'running' || campaign?.status === 'scheduled';
  usePoll(() => Promise.all([load(), recipients.load()]), live ? LIVE_MS : SETTLED_MS, campaign !== null);
  const act = async (a: CampaignAction) => {
    setConfirm(false);
    setBusy(a);
    try {
      await campaignAction(id, a);
      await Promise.all([load(), recipients.load()]);
    } catch (e) {
      showToast(errorMessage(e), 'error');
    } finally {
      setBusy(null);
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadRecipientsCsv(id, campaign?.name ?? id);
    } catch (e) {
      showToast(errorMessage(e), 'error');
    } finally {
      setDownloading(false);
    }
  };
  if (!campaign) {
    return error ? (
      <Alert tone="error">
        {T.notFound} {error}{' '}
        <Button size="sm" variant="secondary" onClick={() => void load()}>
          Retry
        </Button>
      </Alert>
    ) : (
      <Loader />
    );
  }
  return (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <CampaignView
        campaign={campaign}
        readings={readings}
        busy={busy}
        onAction={(a) => (a === 'cancel' ? setConfirm(true) : void act(a))}
        recipients={
          <RecipientsTable {...recipients.props} onDownload={() => void download()} downloading={downloading} />
        }
      />
      <AlertModal
        open={confirm}
        title={T.cancelTitle}
        onClose={() => setConfirm(false)}
        closeLabel={T.keep}
        action={
          <Button variant="danger" onClick={() => void act('cancel')}>
            {T.cancelConfirm}
          </Button>
        }
      >
        <p>{T.cancelText}</p>
      </AlertModal>
    </>
  );
}
