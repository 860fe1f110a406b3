import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { Switch } from '../../components/Switch';
import { Table, type Column } from '../../components/Table';
import { Tooltip } from '../../components/Tooltip';
import { DEV_MSG } from '../../lib/dev-messages';
import { GROUP_SUBTYPES, listGroupActionLogs, listPhones, type GroupActionLog, type GroupSubtype } from '../../lib/developer-api';
import { digitsOf, fileDate, formatUtc, groupPagePhones, pageCount, pageSlice, saveFile, toCsv } from '../../lib/developers';
import { phoneTitle, type Phone } from '../../lib/phones';
import { useDebounced } from '../../lib/use-timers';
import './developers.css';

/** The search box waits this long after the last key before it asks (3-developer §9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Rows per page (ours: the spec gives none for the group logs). */
export const GROUP_LOGS_PAGE_SIZE = 50;
/** The largest page the server gives; CSV exports and the connected-only view read in pages of it. */
const FETCH_ALL_LIMIT = 500;
/** The default subtype filter (3-developer §2.2). */
export const DEFAULT_SUBTYPE: GroupSubtype = 'remove';

interface Filters {
  phoneId: string;
  subtype: GroupSubtype;
  search: string;
}

/** True when a log row is about one of the account's connected numbers (its participant). */
export function isRelated(row: GroupActionLog, connected: ReadonlySet<string>): boolean {
  return connected.has(digitsOf(row.data.body.message.participant ?? ''));
}

/** The CSV rows of the export: the table's columns and values. */
export function groupLogCsv(rows: readonly GroupActionLog[]): string {
  return toCsv([
    ['Phone ID', 'Number', 'Group Name', 'Group ID', 'Participant', 'Subtype', 'Date'],
    ...rows.map((r) => {
      const b = r.data.body;
      return [r.phone, b.receiver, b.conversation_name, b.conversation, digitsOf(b.message.participant), b.message.subtype.replace(/^group\//, ''), formatUtc(r.created_at)];
    }),
  ]);
}

async function fetchAll(f: Filters): Promise<GroupActionLog[]> {
  const out: GroupActionLog[] = [];
  for (let page = 1; ; page++) {
    const res = await listGroupActionLogs({ ...f, page, limit: FETCH_ALL_LIMIT });
    out.push(...res.data);
    if (res.data.length < FETCH_ALL_LIMIT || out.length >= res.total) return out;
  }
}

/** /developers/group_action_logs: group membership events of the phones, filtered, paged, exportable. */
export default function GroupActionLogsPage() {
  const [phones, setPhones] = useState<Phone[]>([]);
  const [phonesError, setPhonesError] = useState('');
  const [phoneId, setPhoneId] = useState('');
  const [subtype, setSubtype] = useState<GroupSubtype>(DEFAULT_SUBTYPE);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, SEARCH_DEBOUNCE_MS);
  const [connectedOnly, setConnectedOnly] = useState(false);
  // The page belongs to the filters it was chosen under: new filters start at page 1.
  const filterKey = `${phoneId}|${subtype}|${search}|${connectedOnly}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: filterKey, page: p });
  const [result, setResult] = useState<{ total: number; rows: GroupActionLog[] } | null>(null);
  const [error, setError] = useState('');
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    listPhones()
      .then(setPhones)
      .catch(() => setPhonesError(DEV_MSG.failedToLoadPhones));
  }, []);
  const connected = useMemo(() => new Set(phones.filter((p) => p.status === 'active' && p.number).map((p) => p.number)), [phones]);

  const load = useCallback(async () => {
    const f = { phoneId, subtype, search };
    setError('');
    try {
      if (connectedOnly) {
        const rows = (await fetchAll(f)).filter((r) => isRelated(r, connected));
        setResult({ total: rows.length, rows: pageSlice(rows, page, GROUP_LOGS_PAGE_SIZE) });
      } else {
        const res = await listGroupActionLogs({ ...f, page, limit: GROUP_LOGS_PAGE_SIZE });
        setResult({ total: res.total, rows: res.data });
      }
    } catch {
      setError(DEV_MSG.unexpectedError);
      setResult({ total: 0, rows: [] });
    }
  }, [phoneId, subtype, search, connectedOnly, connected, page]);
  useEffect(() => void load(), [load]);

  const clear = () => {
    setPhoneId('');
    setSubtype(DEFAULT_SUBTYPE);
    setSearchText('');
    setConnectedOnly(false);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = (await fetchAll({ phoneId, subtype, search })).filter((r) => !connectedOnly || isRelated(r, connected));
      saveFile(`group-action-logs-${fileDate()}.csv`, groupLogCsv(rows));
    } catch {
      setError(DEV_MSG.unexpectedError);
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<GroupActionLog>[] = [
    { key: 'phone', header: 'Phone ID', cell: (r) => r.phone },
    { key: 'number', header: 'Number', cell: (r) => (r.data.body.receiver ? `+${r.data.body.receiver}` : '–') },
    { key: 'name', header: 'Group Name', wrap: true, cell: (r) => r.data.body.conversation_name || '–' },
    { key: 'group', header: 'Group ID', wrap: true, cell: (r) => <span className="w-mono">{r.data.body.conversation}</span> },
    {
      key: 'participant',
      header: 'Participant',
      cell: (r) => (
        <span className="w-related">
          {digitsOf(r.data.body.message.participant)}
          {isRelated(r, connected) && (
            <Tooltip text={DEV_MSG.groupConnectedTooltip}>
              <span className="w-related__icon" tabIndex={0} role="img" aria-label="Your connected number">
                <Icon name="link" size={16} />
              </span>
            </Tooltip>
          )}
        </span>
      ),
    },
    { key: 'subtype', header: 'Subtype', cell: (r) => <Chip>{r.data.body.message.subtype.replace(/^group\//, '')}</Chip> },
    { key: 'date', header: 'Date (UTC)', cell: (r) => formatUtc(r.created_at) },
  ];

  return (
    <Card>
      <div className="w-dev-stack">
        <div className="w-filters">
          <SelectField
            label="Phone"
            value={phoneId}
            onChange={setPhoneId}
            placeholder="All phones"
            options={groupPagePhones(phones).map((p) => ({ value: String(p.id), text: `${p.id} – ${phoneTitle(p)}` }))}
          />
          <SelectField label="Subtype" value={subtype} onChange={(v) => setSubtype(v as GroupSubtype)} options={GROUP_SUBTYPES.map((s) => ({ value: s, text: s }))} />
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
          <Switch label="Only my connected numbers" checked={connectedOnly} onChange={setConnectedOnly} />
          <span className="w-dev-toolbar__end">
            <Button variant="ghost" size="sm" onClick={clear}>
              Clear
            </Button>
            <Button variant="secondary" size="sm" loading={exporting} onClick={() => void exportCsv()}>
              <Icon name="download" size={16} />
              CSV
            </Button>
          </span>
        </div>
        {phonesError && <Alert tone="error">{phonesError}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        {result ? (
          <>
            <Table caption="Group action logs" columns={columns} rows={result.rows} rowKey={(r) => r.id} empty={DEV_MSG.noMatchingResults} />
            <Pagination page={page} pages={pageCount(result.total, GROUP_LOGS_PAGE_SIZE)} onChange={setPage} summary={`${result.total} ${result.total === 1 ? 'record' : 'records'}`} label="Log pages" />
          </>
        ) : (
          <Loader label="Loading group logs…" />
        )}
      </div>
    </Card>
  );
}
