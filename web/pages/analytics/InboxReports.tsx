import { lazy, Suspense, useMemo } from 'react';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { Table, type Column } from '../../components/Table';
import type { InboxReport, ReportAgent } from '../../stores/inbox-owner/reports';
import { duration, minutes, rating, REPORT_TEXT as T } from './report-format';

const LineChart = lazy(() => import('./LineChart'));

const AGENT_COLUMNS: Column<ReportAgent>[] = [
  { key: 'name', header: 'Agent', cell: (r) => r.name, wrap: true },
  { key: 'conversations', header: 'Conversations', align: 'end', cell: (r) => r.conversations },
  { key: 'first', header: 'First response (median)', align: 'end', cell: (r) => duration(r.first_response_median_s) },
  { key: 'resolved', header: 'Resolved', align: 'end', cell: (r) => r.resolved },
  { key: 'csat', header: 'CSAT', align: 'end', cell: (r) => rating(r.csat_average) },
];

/**
 * The team inbox figures of the range on /analytic (issue 42): conversations, first response and
 * resolution (median and p90), CSAT, per day in uPlot charts, and a row per agent.
 */
export function InboxReports({ report }: { report: InboxReport }) {
  const days = useMemo(() => (report.series ?? []).map((d) => d.day), [report]);
  const perDay = useMemo(
    () => [{ label: T.conversations, values: (report.series ?? []).map((d) => d.conversations), color: '#0d7468' }],
    [report],
  );
  const times = useMemo(
    () => [
      {
        label: T.firstResponse,
        values: (report.series ?? []).map((d) => minutes(d.first_response_median_s)),
        color: '#0d7468',
      },
      {
        label: T.resolution,
        values: (report.series ?? []).map((d) => minutes(d.resolution_median_s)),
        color: '#6d4bc4',
      },
    ],
    [report],
  );
  const cards: [string, string, string][] = [
    [T.conversations, String(report.conversations), ''],
    [T.firstResponse, duration(report.first_response.median_s), `p90 ${duration(report.first_response.p90_s)}`],
    [T.resolution, duration(report.resolution.median_s), `p90 ${duration(report.resolution.p90_s)}`],
    [T.csat, rating(report.csat.average), `${report.csat.responses} responses`],
  ];
  return (
    <section className="w-analytics" aria-labelledby="inbox-report-title">
      <h2 id="inbox-report-title" className="w-analytics__title">
        {T.title}
      </h2>
      <ul aria-label={`${T.title} summary`}>
        {cards.map(([label, value, more]) => (
          <li key={label} className="w-card">
            <span>{label}</span>
            <strong>{value}</strong>
            {more && <small>{label === T.csat ? more : `median · ${more}`}</small>}
          </li>
        ))}
      </ul>
      {days.length > 0 && (
        <div className="w-analytics__grid">
          <Suspense fallback={<Loader />}>
            <Card>
              <LineChart title={T.perDay} days={days} series={perDay} />
            </Card>
            <Card>
              <LineChart title={T.times} days={days} series={times} totals={false} />
            </Card>
          </Suspense>
        </div>
      )}
      <Card title={T.agents}>
        <Table
          caption={`${T.title}: ${T.agents}`}
          columns={AGENT_COLUMNS}
          rows={report.agents}
          rowKey={(r) => r.id}
          empty={T.noData}
          stack
        />
      </Card>
    </section>
  );
}
