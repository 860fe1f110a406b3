import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { STAFF_TABS, type StaffLevel } from '../../../src/shared/staff';
import './yta.css';

/** The back-office frame: its title, the tabs this staff member may open, and the page. */
export function StaffLayout({ level, pathname, email, children }: { level: StaffLevel; pathname: string; email?: string; children: ReactNode }) {
  const tabs = STAFF_TABS.filter((t) => !t.hidden && (level === 'admin' || t.limited));
  return (
    <div className="yta">
      <header className="yta__header">
        <strong className="yta__title">Back Office</strong>
        {email && <span className="yta__who">{email}</span>}
        <Link className="yta__back" href="/">
          Console
        </Link>
      </header>
      <nav className="yta__tabs" aria-label="Back-office tabs">
        {tabs.map((t) => (
          <Link key={t.path} href={t.path} className="yta__tab" aria-current={t.path === pathname ? 'page' : undefined}>
            {t.path === '/yta' ? 'Menu' : t.label}
          </Link>
        ))}
      </nav>
      <main id="content" className="yta__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
