import type { ReactNode } from 'react';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Heading level of the title; sections inside a page use h2. */
  as?: 'h1' | 'h2' | 'h3';
  className?: string;
  children?: ReactNode;
}

/** A surface grouping related content, optionally with a heading. */
export function Card({ title, description, as: Heading = 'h2', className, children }: CardProps) {
  return (
    <section className={['w-card', className].filter(Boolean).join(' ')}>
      {(title || description) && (
        <div className="w-card__head">
          {title && <Heading className="w-card__title">{title}</Heading>}
          {description && <p className="w-card__desc">{description}</p>}
        </div>
      )}
      {children}
    </section>
  );
}
