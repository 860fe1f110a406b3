import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { FEEDBACK_REASONS } from '../../../src/shared/billing/plans';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { COPY_INDICATOR_MS, copyText } from '../../components/CopyButton';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import {
  $feedback,
  $staffUsersError,
  FEEDBACK_SINCE,
  feedbackEmails,
  loadFeedback,
  STAFF_PAGE_SIZE,
  type FeedbackFilter,
  type FeedbackPage as Page,
} from '../../stores/staff-users';
import { staffDate } from './staff-format';
import './staff-users.css';

type Row = Page['footprints'][number];

const reasonTitle = (state: string) => FEEDBACK_REASONS.find((r) => r.state === state)?.title ?? state;
const dayOf = (iso: string) => iso.slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);
const NO_FILTER: FeedbackFilter = { email: '', date: FEEDBACK_SINCE, reason: '' };

/** The feedback table's columns (4-admin §2). */
export const FEEDBACK_COLUMNS: readonly Column<Row>[] = [
  { key: 'id', header: 'ID', cell: (r) => r.id },
  { key: 'email', header: 'Email', cell: (r) => r.email },
  { key: 'subscription', header: 'Subscription', cell: (r) => r.subscription ?? '–' },
  { key: 'reason', header: 'Unsubscribe reason', cell: (r) => reasonTitle(r.reason), wrap: true },
  { key: 'answer', header: 'Answer', cell: (r) => r.answer || '–', wrap: true },
  { key: 'date', header: 'Unsubscription date', cell: (r) => staffDate(r.date) },
  { key: 'phone', header: 'Phone number', cell: (r) => r.phone_number ?? '–' },
];

/** `/yta/feedback`: why users unsubscribed; filter by e-mail, day and reason; copy the e-mails. */
export default function FeedbackPage() {
  const data = useStore($feedback);
  const error = useStore($staffUsersError);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<FeedbackFilter>(NO_FILTER);
  const [day, setDay] = useState(dayOf(FEEDBACK_SINCE));
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => void loadFeedback(page, { ...filter, email: filter.email.trim() }), [page, filter]);
  const change = (next: Partial<FeedbackFilter>) => (setPage(1), setFilter((f) => ({ ...f, ...next })));
  // A picked day starts at local midnight; a future day cannot be picked (4-admin §5).
  const pickDay = (d: string) => {
    if (!d || d > today()) return;
    setDay(d);
    change({ date: new Date(`${d}T00:00`).toISOString() });
  };
  const clear = () => (setPage(1), setDay(dayOf(FEEDBACK_SINCE)), setFilter(NO_FILTER));
  const copyEmails = async () => {
    await copyText(await feedbackEmails({ ...filter, email: filter.email.trim() }));
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_INDICATOR_MS);
  };
  const total = data?.general.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
  return (
    <Card className="staff-users" title="Feedback">
      <div className="staff__filters">
        <TextField
          label="Email"
          type="search"
          value={filter.email}
          onChange={(email) => change({ email })}
          placeholder="Search by e-mail"
        />
        <TextField label="Since" type="date" value={day} max={today()} onChange={pickDay} />
        <Button variant="secondary" onClick={clear}>
          Delete Filter
        </Button>
        <Button variant="secondary" onClick={() => void copyEmails().catch(console.error)} aria-live="polite">
          {copied ? 'Copied' : 'Copy Emails'}
        </Button>
      </div>
      <div className="staff-users__reasons" role="group" aria-label="Reasons">
        {data?.general.reasons.map((r) => (
          <button
            key={r.reason}
            type="button"
            className="staff-users__reason"
            aria-pressed={filter.reason === r.reason}
            onClick={() => change({ reason: filter.reason === r.reason ? '' : r.reason })}
          >
            {reasonTitle(r.reason)} <strong>{r.count}</strong>
          </button>
        ))}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Table
        caption="Unsubscribe feedback"
        columns={FEEDBACK_COLUMNS}
        rows={data?.footprints ?? []}
        rowKey={(r) => r.id}
        empty={data ? 'No feedback matches.' : 'Loading…'}
      />
      <nav className="staff-users__pager" aria-label="Feedback pages">
        <span>{total} feedback</span>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Prev
        </Button>
        <span aria-live="polite">
          Page {page} of {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </nav>
    </Card>
  );
}
