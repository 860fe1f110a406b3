import { Icon } from './Icon';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Shown at the start, e.g. "120 records". */
  summary?: string;
  /** The navigation's accessible name. */
  label?: string;
}

/** Previous / next paging with "Page n of m". */
export function Pagination({ page, pages, onChange, summary, label = 'Pages' }: PaginationProps) {
  return (
    <nav className="w-pager" aria-label={label}>
      {summary && <span className="w-pager__summary">{summary}</span>}
      <span className="w-pager__controls">
        <button
          type="button"
          className="w-icon-btn w-pager__prev"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        >
          <Icon name="chevron" size={18} />
        </button>
        <span className="w-pager__where" aria-live="polite">
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className="w-icon-btn w-pager__next"
          aria-label="Next page"
          disabled={page >= pages}
          onClick={() => onChange(page + 1)}
        >
          <Icon name="chevron" size={18} />
        </button>
      </span>
    </nav>
  );
}
