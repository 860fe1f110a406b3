import type { ReactNode } from 'react';

export type Tone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

export interface BadgeProps {
  tone?: Tone;
  children: ReactNode;
  /** Read by screen readers instead of the visible text (e.g. "3 queued messages" for "3"). */
  label?: string;
}

/** A small solid pill for counts and percentages. */
export function Badge({ tone = 'neutral', children, label }: BadgeProps) {
  return (
    <span className={`w-badge w-badge--${tone}`}>
      {label ? <span aria-hidden="true">{children}</span> : children}
      {label && <span className="w-sr-only">{label}</span>}
    </span>
  );
}

export interface ChipProps {
  tone?: Tone;
  children: ReactNode;
  /** A coloured dot before the text (statuses). */
  dot?: boolean;
}

/** A soft label for a state or an attribute (status, sandbox, proxy). */
export function Chip({ tone = 'neutral', children, dot }: ChipProps) {
  return (
    <span className={`w-chip w-chip--${tone}`}>
      {dot && <span className="w-chip__dot" aria-hidden="true" />}
      {children}
    </span>
  );
}
