import { useCallback, useState, type ReactNode } from 'react';
import { Icon } from './Icon';
import { Sidebar, type SidebarProps } from './Sidebar';

export interface PageLayoutProps {
  title: string;
  /** The signed-in user's e-mail shown in the header. */
  email?: string;
  /** Shown in the header before the user, e.g. the get-started progress widget. */
  headerExtra?: ReactNode;
  sidebar: Omit<SidebarProps, 'open' | 'onClose' | 'id'>;
  children: ReactNode;
}

function initials(email: string): string {
  return email.slice(0, 1).toUpperCase();
}

/** The console shell: sidebar, a header with the page title, and the page content. */
export function PageLayout({ title, email, headerExtra, sidebar, children }: PageLayoutProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="w-shell">
      <a className="w-skip" href="#content">
        Skip to content
      </a>
      <Sidebar {...sidebar} open={open} onClose={close} id="w-sidebar" />
      <button type="button" className="w-backdrop" data-open={open} aria-hidden="true" tabIndex={-1} onClick={close} />
      <div className="w-shell__main">
        <header className="w-header">
          <button
            type="button"
            className="w-icon-btn w-header__menu"
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls="w-sidebar"
            onClick={() => setOpen(true)}
          >
            <Icon name="menu" />
          </button>
          <h1 className="w-header__title">{title}</h1>
          {headerExtra}
          {email && (
            <div className="w-header__user">
              <span className="w-header__email">{email}</span>
              <span className="w-avatar" aria-hidden="true">
                {initials(email)}
              </span>
            </div>
          )}
        </header>
        <main id="content" className="w-content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
