import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { ToggleGroup } from '../../components/ToggleGroup';
import {
  $logCount,
  $logError,
  $logFilter,
  $logPage,
  $logRows,
  $shownLog,
  chooseLog,
  filterLogs,
  openLogs,
  refreshLogs,
  showLogPage,
} from '../../stores/developers/logs';
import { LogBrowser } from './LogBrowser';
import { LOG_FILTERS } from './log-summary';
import './developers.css';

/** /developers/logs: the product's API calls and events, 500 fetched at a time, 50 a page. */
export default function LogsPage() {
  const filter = useStore($logFilter);
  const page = useStore($logPage);
  const count = useStore($logCount);
  const rows = useStore($logRows);
  const error = useStore($logError);
  const shown = useStore($shownLog);
  useEffect(openLogs, []);

  return (
    <Card>
      <div className="w-dev-toolbar">
        <ToggleGroup label="Event type" value={filter} options={LOG_FILTERS} onChange={filterLogs} />
        <Button variant="secondary" size="sm" onClick={refreshLogs}>
          <Icon name="refresh" size={16} />
          Refresh
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <LogBrowser
        rows={rows}
        shown={shown}
        page={page}
        count={count}
        empty="No events yet. Calls to the API and webhook deliveries show up here."
        onChoose={chooseLog}
        onPage={showLogPage}
      />
    </Card>
  );
}
