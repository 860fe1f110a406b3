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
}

/**
 * A data table that scrolls sideways inside its card on narrow screens instead of overflowing the
 * page, its edge faded while there is more past it; the scrolling box is a named, focusable region so
 * keyboard users can scroll it too.
 */
export function Table<T>({ caption, columns, rows, rowKey, empty, selected, foot }: TableProps<T>) {
  const captionId = useId();
  const wrap = useScrollCue<HTMLDivElement>();
  return (
    <div className="w-table-wrap w-scroll-cue" role="region" aria-labelledby={captionId} tabIndex={0} ref={wrap}>
      <table className="w-table">
        <caption id={captionId} className="w-sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" data-align={c.align}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="w-table__empty">
                {/* Held at the box's left edge, so a wide empty table still shows its message on a phone. */}
                <span className="w-table__empty-text">{empty}</span>
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={rowKey(r)} data-selected={selected === undefined ? undefined : selected === rowKey(r)}>
                {columns.map((c) => (
                  <td key={c.key} data-align={c.align} data-wrap={c.wrap || undefined}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}
