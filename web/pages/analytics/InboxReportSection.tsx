import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { $analyticsRange } from '../../stores/analytics';
import { $inboxReport, $inboxReportError, $inboxReportNone, loadInboxReport } from '../../stores/inbox-owner/reports';
import { InboxReports } from './InboxReports';

/** The team inbox report of the picked range below the analytics tables; nothing for an account without live chat. */
export function InboxReportSection() {
  const range = useStore($analyticsRange);
  const report = useStore($inboxReport);
  const error = useStore($inboxReportError);
  const none = useStore($inboxReportNone);
  useEffect(() => void loadInboxReport(range), [range]);
  if (none) return null;
  if (error)
    return (
      <Alert tone="error">
        {error}{' '}
        <Button size="sm" variant="secondary" onClick={() => void loadInboxReport(range)}>
          Retry
        </Button>
      </Alert>
    );
  return report ? <InboxReports report={report} /> : <Loader />;
}
