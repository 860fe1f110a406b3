import { Chip } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import { Table, type Column } from '../../components/Table';
import { Tooltip } from '../../components/Tooltip';
import { DEV_MSG } from '../../lib/dev-messages';
import { digitsOf, formatUtc } from '../../lib/developers';
import { isRelated, type GroupActionLog } from '../../stores/developers/group-logs';

export interface GroupLogTableProps {
  rows: readonly GroupActionLog[];
  /** Numbers of the account's active phones: their rows get the connected-number mark. */
  connected: ReadonlySet<string>;
}

/** The group action logs: phone, number, group, participant (marked when it is a connected number), subtype, date. */
export function GroupLogTable({ rows, connected }: GroupLogTableProps) {
  const columns: Column<GroupActionLog>[] = [
    { key: 'phone', header: 'Phone ID', cell: (r) => r.phone },
    { key: 'number', header: 'Number', cell: (r) => (r.data.body.receiver ? `+${r.data.body.receiver}` : '–') },
    { key: 'name', header: 'Group Name', wrap: true, cell: (r) => r.data.body.conversation_name || '–' },
    {
      key: 'group',
      header: 'Group ID',
      wrap: true,
      cell: (r) => <span className="w-mono">{r.data.body.conversation}</span>,
    },
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
    {
      key: 'subtype',
      header: 'Subtype',
      cell: (r) => <Chip>{r.data.body.message.subtype.replace(/^group\//, '')}</Chip>,
    },
    { key: 'date', header: 'Date (UTC)', cell: (r) => formatUtc(r.created_at) },
  ];
  return (
    <Table
      caption="Group action logs"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty={DEV_MSG.noMatchingResults}
    />
  );
}
