import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { BrandMark, Icon } from './Icon';
import { agentNav, apiNav, isActive, isWithin, type NavItem } from './nav';

/** Shown on the Old Console entry: its address is not part of this deployment. */
const OLD_CONSOLE_NOTE = 'Old Console address is not configured';

export interface SidebarProps {
  pathname: string;
  brandName: string;
  /** Shows the agent-limit section (product.settings.agent_limit is set). */
  agentLimit: boolean;
  /** Shows Instagram in the agent-limit section (product.settings.instagram_limit is set). */
  instagramLimit: boolean;
  /** Lists the Simulator page (the server runs the simulated WhatsApp network). */
  simulator?: boolean;
  /** Drawer state on narrow screens; ignored on wide ones. */
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
  id?: string;
}

function Item({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate: () => void }) {
  const active = isActive(item, pathname);
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const open = expanded ?? active;
  const subId = `nav-sub${item.href.replace(/\//g, '-')}`;
  return (
    <li>
      <div className="w-nav__row">
        <Link
          href={item.href}
          className="w-nav__link"
          aria-current={active && pathname === item.href ? 'page' : undefined}
          onClick={onNavigate}
        >
          <Icon name={item.icon} />
          {item.label}
        </Link>
        {item.children && (
          <button
            type="button"
            className="w-nav__toggle"
            aria-expanded={open}
            aria-controls={subId}
            aria-label={`${item.label} pages`}
            onClick={() => setExpanded(!open)}
          >
            <Icon name="chevron" size={16} />
          </button>
        )}
      </div>
      {item.children && open && (
        <ul className="w-nav__sub" id={subId}>
          {item.children.map((c) => (
            <li key={c.href}>
              <Link
                href={c.href}
                className="w-nav__link"
                aria-current={isWithin(pathname, c.href) ? 'page' : undefined}
                onClick={onNavigate}
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The console's navigation: the API layout, plus the agent-limit section when the product has one. */
export function Sidebar({
  pathname,
  brandName,
  agentLimit,
  instagramLimit,
  simulator = false,
  open,
  onClose,
  onLogout,
  id = 'w-sidebar',
}: SidebarProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <aside className="w-sidebar" id={id} data-open={open} aria-label="Sidebar">
      <Link href="/" className="w-brand" onClick={onClose}>
        <BrandMark />
        {brandName}
      </Link>
      <button
        ref={closeRef}
        type="button"
        className="w-icon-btn w-sidebar__close"
        aria-label="Close menu"
        onClick={onClose}
      >
        <Icon name="close" />
      </button>
      <nav className="w-nav" aria-label="Main">
        <ul className="w-nav__list">
          {apiNav(simulator).map((item) => (
            <Item key={item.href} item={item} pathname={pathname} onNavigate={onClose} />
          ))}
        </ul>
      </nav>
      {agentLimit && (
        <nav className="w-nav" aria-label="Live chat">
          <div className="w-nav__section" aria-hidden="true">
            Live chat
          </div>
          <ul className="w-nav__list">
            {agentNav(instagramLimit).map((item) => (
              <Item key={item.href} item={item} pathname={pathname} onNavigate={onClose} />
            ))}
          </ul>
        </nav>
      )}
      <div className="w-sidebar__foot w-nav">
        <a
          className="w-nav__link"
          role="link"
          aria-disabled="true"
          tabIndex={0}
          title={OLD_CONSOLE_NOTE}
          aria-description={OLD_CONSOLE_NOTE}
        >
          <Icon name="external" />
          Old Console
        </a>
        <button type="button" className="w-nav__link" onClick={onLogout}>
          <Icon name="logout" />
          Logout
        </button>
      </div>
    </aside>
  );
}
