import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Pagination } from '../../components/Pagination';
import { PhonePicker } from '../../components/PhonePicker';
import { Table, type Column } from '../../components/Table';
import { ToggleGroup } from '../../components/ToggleGroup';
import { DEV_MSG } from '../../lib/dev-messages';
import { toCsv } from '../../../src/shared/csv';
import { fileDate, pageCount, pageSlice, saveFile } from '../../lib/developers';
import {
  $groupInfoAction,
  $groupInfoPhoneId,
  $groupInfoPhones,
  $groupInfoPhonesError,
  $groups,
  $groupsError,
  chooseGroupAction,
  chooseGroupPhone,
  openGroupInfo,
  type GroupAction,
  type GroupInfo,
} from '../../stores/developers/group-info';
import './developers.css';

/** Groups per page (3-developer §2.3, §9). */
const GROUP_INFO_PAGE_SIZE = 50;

const ACTIONS = [
  { value: 'removed', label: 'Removed' },
  { value: 'suspended', label: 'Suspended' },
] as const satisfies readonly { value: GroupAction; label: string }[];

/** Groups whose name or id holds the search text (case-insensitive). */
export function filterGroups(groups: readonly GroupInfo[], search: string): GroupInfo[] {
  const q = search.trim().toLowerCase();
  return q ? groups.filter((g) => g.name.toLowerCase().includes(q) || g.id.toLowerCase().includes(q)) : [...groups];
}

const COLUMNS: Column<GroupInfo>[] = [
  { key: 'name', header: 'Group Name', wrap: true, cell: (g) => g.name || '–' },
  { key: 'id', header: 'Group ID', cell: (g) => <span className="w-mono">{g.id}</span> },
  { key: 'participants', header: 'Participant Count', align: 'end', cell: (g) => g.participantCount },
  { key: 'admins', header: 'Admin Count', align: 'end', cell: (g) => g.adminCount },
];

/** /developers/group_info: groups a phone was removed from, or that WhatsApp suspended. */
export default function GroupInfoPage() {
  const phones = useStore($groupInfoPhones);
  const phonesError = useStore($groupInfoPhonesError);
  const phoneId = useStore($groupInfoPhoneId);
  const action = useStore($groupInfoAction);
  const groups = useStore($groups);
  const error = useStore($groupsError);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(openGroupInfo, []);

  const shown = groups ? filterGroups(groups, search) : [];
  const pages = pageCount(shown.length, GROUP_INFO_PAGE_SIZE);
  const at = Math.min(page, pages);
  const exportCsv = () =>
    saveFile(
      `inactive-groups-${fileDate()}.csv`,
      toCsv([
        ['Group Name', 'Group ID', 'Participant Count', 'Admin Count'],
        ...shown.map((g) => [g.name, g.id, g.participantCount, g.adminCount]),
      ]),
    );

  let body;
  if (phones === null) body = <Loader label="Loading phones…" />;
  else if (phones.length === 0) body = <p className="w-muted w-dev-empty">{DEV_MSG.noPhonesAvailable}</p>;
  else if (!phoneId) body = <p className="w-muted w-dev-empty">{DEV_MSG.selectPhoneForGroups}</p>;
  else if (error)
    body = (
      <Alert tone="error">
        <strong>{error}</strong> {DEV_MSG.groupFetchHint}
      </Alert>
    );
  else if (!groups) body = <Loader label="Loading groups…" />;
  else
    body = (
      <>
        <Table
          caption={`${action} groups`}
          columns={COLUMNS}
          rows={pageSlice(shown, at, GROUP_INFO_PAGE_SIZE)}
          rowKey={(g) => g.id}
          empty={DEV_MSG.noMatchingResults}
        />
        <Pagination
          page={at}
          pages={pages}
          onChange={setPage}
          summary={`${shown.length} ${shown.length === 1 ? 'group' : 'groups'}`}
          label="Group pages"
        />
      </>
    );

  return (
    <Card>
      <div className="w-dev-stack">
        <div className="w-filters">
          <PhonePicker
            phones={phones ?? []}
            value={phoneId}
            onChange={(id) => (setPage(1), chooseGroupPhone(id))}
            placeholder="Select a phone"
            disabled={!phones?.length}
          />
          <div className="w-field">
            <label className="w-field__label" htmlFor="w-groupinfo-search">
              Search
            </label>
            <input
              id="w-groupinfo-search"
              className="w-input"
              type="search"
              placeholder="Group name or ID"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        <div className="w-dev-toolbar">
          <ToggleGroup
            label="Groups"
            value={action}
            options={ACTIONS}
            onChange={(a) => (setPage(1), chooseGroupAction(a))}
          />
          <Button variant="secondary" size="sm" disabled={!groups || shown.length === 0} onClick={exportCsv}>
            <Icon name="download" size={16} />
            CSV
          </Button>
        </div>
        {phonesError && <Alert tone="error">{phonesError}</Alert>}
        {body}
      </div>
    </Card>
  );
}
