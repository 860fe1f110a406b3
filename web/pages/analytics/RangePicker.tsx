import { useState, type FormEvent } from 'react';
import { dayOf, resolveRange } from '../../../src/shared/analytics-dates';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import type { Range } from '../../stores/analytics';

/** Start and end day pickers (no future day, the start not after the end) and a Show button. */
export function RangePicker({ range, onChange, busy }: { range: Range; onChange: (r: Range) => void; busy?: boolean }) {
  const [draft, setDraft] = useState(range);
  const today = dayOf(Date.now());
  const checked = resolveRange(draft, Date.now());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!('error' in checked)) onChange({ start_date: checked.start_date, end_date: checked.end_date });
  };
  return (
    <form className="w-range" onSubmit={submit} aria-label="Date range">
      <TextField
        label="From"
        type="date"
        value={draft.start_date}
        max={draft.end_date || today}
        onChange={(v) => setDraft({ ...draft, start_date: v })}
      />
      <TextField
        label="To"
        type="date"
        value={draft.end_date}
        min={draft.start_date}
        max={today}
        onChange={(v) => setDraft({ ...draft, end_date: v })}
        error={'error' in checked ? checked.error : undefined}
      />
      <Button type="submit" disabled={busy || 'error' in checked}>
        Show
      </Button>
    </form>
  );
}
