import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { STAFF_TABS, type StaffLevel } from '../../../src/shared/staff';
import { useScrollCue } from '../../lib/use-scroll-cue';
import './staff.css';

/**
 * The back-office frame: its title, the tabs this staff member may open, and the page. The tabs wrap
 * onto more rows on a wide screen, so every one shows; on a phone they scroll sideways with a faded
 * edge saying there are more, and the open tab is scrolled to its middle.
 */
export function StaffLayout({
  level,
  pathname,
  email,
  children,
}: {
  level: StaffLevel;
  pathname: string;
  email?: string;
  children: ReactNode;
}) {
  const tabs = STAFF_TABS.filter((t) => !t.hidden && (level === 'admin' || t.limited));
  const bar = useScrollCue<HTMLElement>();
  useEffect(() => {
    // The open tab to the middle of a scrolling bar (the page itself does not move).
    const el = bar.current;
    const tab = el?.querySelector('[aria-current="page"]');
    if (!el || !tab) return;
    const [b, r] = [el.getBoundingClientRect(), tab.getBoundingClientRect()];
    el.scrollLeft += r.left - b.left - (b.width - r.width) / 2;
  }, [pathname]);
  return (
    <div className="staff">
      <header className="staff__header">
        <strong className="staff__title">Back Office</strong>
        {email && <span className="staff__who">{email}</span>}
        <Link className="staff__back" href="/">
          Console
        </Link>
      </header>
      <nav ref={bar} className="staff__tabs w-scroll-cue" aria-label="Back-office tabs">
        {tabs.map((t) => (
          <Link
            key={t.path}
            href={t.path}
            className="staff__tab"
            aria-current={t.path === pathname ? 'page' : undefined}
          >
            {t.path === '/yta' ? 'Menu' : t.label}
          </Link>
        ))}
      </nav>
      <main id="content" className="staff__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
