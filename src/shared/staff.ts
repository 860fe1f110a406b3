/**
 * The staff back-office under /yta (4-admin §2, §6): its tabs, who may open which, and the staff
 * level of a user. Shared by the server (the gate on every admin call) and the console (tabs,
 * redirects), so both enforce the same table.
 */

/** What the back-office says to someone it turns away: what is happening and what to do. */
export const STAFF_MSG = {
  /** A limited staff member on an admin's call. */
  adminsOnly:
    'Only admins can do this. Your staff role is limited to the Menu, Footprint and Feedback tabs; ask an admin to make you an admin if you need more.',
  /** A customer on any back-office call. */
  staffOnly:
    'This is part of the staff back-office, and your account has no staff role. Ask an admin to grant you one if you work here.',
} as const;

/** `admin`: the whole back-office; `limited`: Menu, Footprint and Feedback only. */
export type StaffLevel = 'admin' | 'limited';

export interface StaffTab {
  path: string;
  label: string;
  /** Whether a limited agent sees it too. */
  limited?: true;
  /** Reached from another tab (a row's link), not listed in the tab bar. */
  hidden?: true;
}

/** Every /yta route in the spec's order (4-admin §2), plus the back-office's own audit log. */
export const STAFF_TABS: readonly StaffTab[] = [
  { path: '/yta', label: 'Admin Home', limited: true },
  { path: '/yta/cartlogs', label: 'CartLogs' },
  { path: '/yta/cartlogdetails', label: 'Cart log details', hidden: true },
  { path: '/yta/screens', label: 'Screens' },
  { path: '/yta/footprint', label: 'Footprint', limited: true },
  { path: '/yta/pausedsubs', label: 'Paused Subs' },
  { path: '/yta/phones', label: 'Phones' },
  { path: '/yta/idlephones', label: 'Idle Phones' },
  { path: '/yta/sandboxphones', label: 'Sandbox Phones' },
  { path: '/yta/missedphones', label: 'Missed Phones' },
  { path: '/yta/phonesevents', label: 'Phones Events' },
  { path: '/yta/instagrams', label: 'Instagrams' },
  { path: '/yta/numbers', label: 'Numbers' },
  { path: '/yta/substable', label: 'Subs Table' },
  { path: '/yta/logs', label: 'Logs' },
  { path: '/yta/checkouterror', label: 'Checkout Error' },
  { path: '/yta/feedback', label: 'Feedback', limited: true },
  { path: '/yta/paymentlink', label: 'Payment Link' },
  { path: '/yta/audit', label: 'Audit Log' },
];

/** The staff level of a user (from the role only the CLI or an admin can set), or null for a customer. */
export function staffLevelOf(user: { role: string } | null | undefined): StaffLevel | null {
  if (user?.role === 'admin') return 'admin';
  if (user?.role === 'limited') return 'limited';
  return null;
}

/** Where a /yta pathname sends this user: null to show it, else the path to redirect to (4-admin §2). */
export function staffRedirect(level: StaffLevel | null, pathname: string): string | null {
  if (!level) return '/';
  if (level === 'admin') return null;
  const clean = pathname.replace(/\/+$/, '') || '/yta';
  return STAFF_TABS.some((t) => t.limited && t.path === clean) ? null : '/yta';
}
