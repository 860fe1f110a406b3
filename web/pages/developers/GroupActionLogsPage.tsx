import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Pagination } from '../../components/Pagination';
import { PhonePicker } from '../../components/PhonePicker';
import { SelectField } from '../../components/SelectField';
import { Switch } from '../../components/Switch';
import { groupPagePhones, pageCount } from '../../lib/developers';
import { useAction } from '../../lib/use-action';
import { useDebounced } from '../../lib/use-timers';
import {
  $connectedNumbers,
  $groupLogError,
  $groupLogFilters,
  $groupLogPage,
  $groupLogPhones,
  $groupLogPhonesError,
  $groupLogResult,
  clearGroupLogFilters,
  exportGroupLogs,
  filterGroupLogs,
  GROUP_LOGS_PAGE_SIZE,
  GROUP_SUBTYPES,
  openGroupLogs,
  showGroupLogPage,
  type GroupSubtype,
} from '../../stores/developers/group-logs';
import { GroupLogTable } from './GroupLogTable';
import './developers.css';

/** The search box waits this long after the last key before it asks (3-developer §9). */
const SEARCH_DEBOUNCE_MS = 300;

/** /developers/group_action_logs: group membership events of the phones, filtered, paged, exportable. */
export default function GroupActionLogsPage() {
  const phones = useStore($groupLogPhones);
  const phonesError = useStore($groupLogPhonesError);
  const connected = useStore($connectedNumbers);
  const filters = useStore($groupLogFilters);
  const page = useStore($groupLogPage);
  const result = useStore($groupLogResult);
  const error = useStore($groupLogError);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, SEARCH_DEBOUNCE_MS);
  const exporting = useAction(exportGroupLogs);
  useEffect(openGroupLogs, []);
  useEffect(() => {
    filterGroupLogs({ search });
  }, [search]);

  const clear = () => {
    setSearchText('');
    clearGroupLogFilters();
  };

  return (
    <Card>
      <div className="w-dev-stack">
        <div className="w-filters">
          <PhonePicker
            phones={groupPagePhones(phones)}
            value={filters.phoneId}
            onChange={(phoneId) => filterGroupLogs({ phoneId })}
            placeholder="All phones"
          />
          <SelectField
            label="Subtype"
            value={filters.subtype}
            onChange={(v) => filterGroupLogs({ subtype: v as GroupSubtype })}
            options={GROUP_SUBTYPES.map((s) => ({ value: s, text: s }))}
          />
          <div className="w-field">
            <label className="w-field__label" htmlFor="w-group-search">
              Search
            </label>
            <input
              id="w-group-search"
              className="w-input"
              type="search"
              placeholder="Phone ID, group, participant, number"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
        </div>
        <div className="w-dev-toolbar">
          <Switch
            label="Only my connected numbers"
            checked={filters.connectedOnly}
            onChange={(connectedOnly) => filterGroupLogs({ connectedOnly })}
          />
          <span className="w-dev-toolbar__end">
            <Button variant="ghost" size="sm" onClick={clear}>
              Clear
            </Button>
            <Button variant="secondary" size="sm" loading={exporting.busy} onClick={() => void exporting.run()}>
              <Icon name="download" size={16} />
              CSV
            </Button>
          </span>
        </div>
        {phonesError && <Alert tone="error">{phonesError}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        {result ? (
          <>
            <GroupLogTable rows={result.rows} connected={connected} />
            <Pagination
              page={page}
              pages={pageCount(result.total, GROUP_LOGS_PAGE_SIZE)}
              onChange={showGroupLogPage}
              summary={`${result.total} ${result.total === 1 ? 'record' : 'records'}`}
              label="Log pages"
            />
          </>
        ) : (
          <Loader label="Loading group logs…" />
        )}
      </div>
    </Card>
  );
}
