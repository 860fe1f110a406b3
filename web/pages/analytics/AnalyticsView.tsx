import { lazy, Suspense, useMemo } from 'react';
import { ANALYTICS_TEXT as T } from '../../../src/shared/analytics-text';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { Table, type Column } from '../../components/Table';
import type { AnalyticsData } from '../../stores/analytics';
import './analytics.css';

const LineChart = lazy(() => import('./LineChart'));

type StatusRow = AnalyticsData['status']['statuses'][number];
type IssueRow = AnalyticsData['closed']['issues'][number];
type AgentRow = AnalyticsData['agents']['byAgents'][number];

function num<R>(key: string, header: string, get: (r: R) => number): Column<R> {
  return { key, header, align: 'end', cell: get };
}
const STATUS_COLUMNS: Column<StatusRow>[] = [
  { key: 'status', header: 'Status', cell: (r) => r.status },
  num('count', 'Conversations', (r: StatusRow) => r.count),
];
const ISSUE_COLUMNS: Column<IssueRow>[] = [
  { key: 'phone', header: 'Phone', cell: (r) => r.phone },
  num('taken', 'On/Operator', (r: IssueRow) => r.taken),
  num('waiting', 'Waiting', (r: IssueRow) => r.waiting),
  num('closed', 'Close', (r: IssueRow) => r.closed),
  num('none', 'No Interaction', (r: IssueRow) => r.no_interaction),
];
const AGENT_COLUMNS: Column<AgentRow>[] = [
  { key: 'email', header: 'Agent', cell: (r) => r.email, wrap: true },
  num('taken', 'Taken', (r: AgentRow) => r.taken),
  num('close', 'Close', (r: AgentRow) => r.close),
];

/** The four summary cards, the users and messages charts, and the three tables of /analytic. */
export function AnalyticsView({ data }: { data: AnalyticsData }) {
  const { chart, status, closed, agents } = data;
  const days = useMemo(() => chart.days.map((d) => d.date), [chart]);
  const users = useMemo(() => [{ label: 'Users', values: chart.days.map((d) => d.users), color: '#0d7468' }], [chart]);
  const messages = useMemo(
    () => [
      { label: 'Incoming', values: chart.days.map((d) => d.incoming), color: '#0d7468' },
      { label: 'Outgoing', values: chart.days.map((d) => d.outgoing), color: '#6d4bc4' },
    ],
    [chart],
  );
  const statuses = status.statuses.some((s) => s.count > 0) ? status.statuses : [];
  const cards: [string, number][] = [
    [T.totalUser, chart.total_users],
    [T.totalMessage, chart.total_messages],
    [T.closedByAgents, closed.closed],
    [T.waiting, closed.waiting],
  ];
  return (
    <div className="w-analytics">
      <ul aria-label="Summary">
        {cards.map(([label, value]) => (
          <li key={label} className="w-card">
            <span>{label}</span>
            <strong>{value}</strong>
          </li>
        ))}
      </ul>
      <div className="w-analytics__grid">
        <Suspense fallback={<Loader />}>
          <Card>
            <LineChart title={T.usersChart} days={days} series={users} />
          </Card>
          <Card>
            <LineChart title={T.messagesChart} days={days} series={messages} />
          </Card>
        </Suspense>
      </div>
      <div className="w-analytics__grid">
        <Card title={T.statusTable}>
          <Table
            caption={T.statusTable}
            columns={STATUS_COLUMNS}
            rows={statuses}
            rowKey={(r) => r.status}
            empty={T.noData}
          />
        </Card>
        <Card title={T.agentTable}>
          <Table
            caption={T.agentTable}
            columns={AGENT_COLUMNS}
            rows={agents.byAgents}
            rowKey={(r) => r.email}
            empty={T.noData}
          />
        </Card>
        <Card title={T.issueTable} className="w-analytics__wide">
          <Table
            caption={T.issueTable}
            columns={ISSUE_COLUMNS}
            rows={closed.issues}
            rowKey={(r) => r.phone_id}
            empty={T.noData}
          />
        </Card>
      </div>
    </div>
  );
}
