import { useId, type ReactNode } from 'react';
import { useScrollCue } from '../lib/use-scroll-cue';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned numbers, or a column that may shrink and wrap. */
  align?: 'end';
  wrap?: boolean;
}

export interface TableProps<T> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Shown in one full-width cell when there are no rows. */
  empty: ReactNode;
  /** Rows marked as selected. */
  selected?: string | number | null;
  /** Summary rows (`<tr>`s, e.g. a Total) after the body. */
  foot?: ReactNode;
  /**
   * In a narrow box (a phone) each row is stacked: a block with one line per column, its name before
   * its value, so nothing needs a sideways swipe. Wider, the table is as usual.
   */
  stack?: boolean;
}

/**
 * A data table that scrolls sideways inside its card on narrow screens instead of overflowing the
 * page, its edge faded while there is more past it; the scrolling box is a named, focusable region so
 * keyboard users can scroll it too. A `stack` table stacks its rows in a narrow box instead; its parts
 * carry their table roles, which CSS `display` would otherwise take from them.
 */
export function Table<T>({ caption, columns, rows, rowKey, empty, selected, foot, stack }: TableProps<T>) {
  const captionId = useId();
  const wrap = useScrollCue<HTMLDivElement>();
  const role = (r: string) => (stack ? r : undefined);
  return (
    <div
      className={`w-table-wrap w-scroll-cue${stack ? ' w-table-wrap--stack' : ''}`}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      ref={wrap}
    >
      <table className={`w-table${stack ? ' w-table--stack' : ''}`} role={role('table')}>
        <caption id={captionId} className="w-sr-only">
          {caption}
        </caption>
        <thead role={role('rowgroup')}>
          <tr role={role('row')}>
            {columns.map((c) => (
              <th key={c.key} scope="col" data-align={c.align} role={role('columnheader')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role('rowgroup')}>
          {rows.length === 0 ? (
            <tr role={role('row')}>
              <td colSpan={columns.length} className="w-table__empty" role={role('cell')}>
                {/* Held at the box's left edge, so a wide empty table still shows its message on a phone. */}
                <span className="w-table__empty-text">{empty}</span>
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr
                key={rowKey(r)}
                role={role('row')}
                data-selected={selected === undefined ? undefined : selected === rowKey(r)}
              >
                {columns.map((c) =>
                  stack ? (
                    // The column's name is drawn before the value while stacked (CSS, from data-label):
                    // not text of the row, and the column header names the cell for screen readers.
                    <td
                      key={c.key}
                      data-align={c.align}
                      data-wrap={c.wrap || undefined}
                      data-label={typeof c.header === 'string' ? c.header : undefined}
                      role="cell"
                    >
                      <div className="w-table__value">{c.cell(r)}</div>
                    </td>
                  ) : (
                    <td key={c.key} data-align={c.align} data-wrap={c.wrap || undefined}>
                      {c.cell(r)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}
