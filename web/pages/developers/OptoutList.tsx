import { useId, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { IconButton } from '../../components/IconButton';
import { Loader } from '../../components/Loader';
import { Table, type Column } from '../../components/Table';
import { dateTime } from '../../lib/clock';
import { errorMessage } from '../../lib/messaging-api';
import { numbersIn, type OptoutRow, type OptoutsAdded } from '../../stores/developers/optouts';

export interface OptoutListProps {
  /** The rows loaded so far; null while the first page loads. */
  rows: OptoutRow[] | null;
  hasMore: boolean;
  onMore: () => Promise<void>;
  onAdd: (numbers: string[]) => Promise<OptoutsAdded>;
  onRemove: (number: string) => Promise<void>;
}

/** What an add came to, in one sentence. */
export function addedSummary(r: OptoutsAdded): string {
  const parts = [`${r.added.length} added`];
  if (r.already.length) parts.push(`${r.already.length} already on the list`);
  if (r.invalid.length) parts.push(`${r.invalid.length} not a number: ${r.invalid.map((i) => i.number).join(', ')}`);
  return `${parts.join(', ')}.`;
}

/** The opt-out list: numbers campaigns skip, with an add box and a remove button per number. */
export function OptoutList({ rows, hasMore, onMore, onAdd, onRemove }: OptoutListProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setNote({ tone: 'error', text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    act(async () => {
      const result = await onAdd(numbersIn(text));
      setNote({ tone: result.invalid.length ? 'warning' : 'success', text: addedSummary(result) });
      if (!result.invalid.length) setText('');
    });
  const columns: Column<OptoutRow>[] = [
    { key: 'number', header: 'Number', cell: (r) => <span className="w-mono">+{r.number}</span> },
    {
      key: 'source',
      header: 'How',
      cell: (r) => (r.source === 'keyword' ? `Wrote a keyword${r.phone_id ? ` (phone ${r.phone_id})` : ''}` : 'Added'),
      wrap: true,
    },
    { key: 'at', header: 'Since', cell: (r) => dateTime(r.created_at) },
    {
      key: 'remove',
      header: <span className="w-sr-only">Remove</span>,
      align: 'end',
      cell: (r) => (
        <IconButton
          icon="trash"
          label={`Remove +${r.number} from the opt-out list`}
          disabled={busy}
          onClick={() => void act(() => onRemove(r.number))}
        />
      ),
    },
  ];
  return (
    <div className="w-dev-stack">
      <form
        className="w-optout-add"
        onSubmit={(e) => {
          e.preventDefault();
          if (numbersIn(text).length) void add();
        }}
      >
        <label className="w-field__label" htmlFor={inputId}>
          Add numbers (international format, one per line or separated by commas)
        </label>
        <textarea
          id={inputId}
          className="w-input w-optout-add__box"
          rows={2}
          placeholder="905301234567, +44 7700 900123"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="sm" loading={busy} disabled={!numbersIn(text).length}>
          Add to the list
        </Button>
      </form>
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
      {rows === null ? (
        <Loader label="Loading the opt-out list…" />
      ) : (
        <Table
          caption="Opted-out numbers"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.number}
          stack
          empty={
            <span className="w-muted">
              No one has opted out. A customer who writes STOP or UNSUBSCRIBE (or one of your words) is listed here, and
              campaigns skip them.
            </span>
          }
        />
      )}
      {hasMore && (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => void act(onMore)}>
          Show more
        </Button>
      )}
    </div>
  );
}
