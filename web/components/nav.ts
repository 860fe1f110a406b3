import { TOOL_NAV } from '../../src/shared/tool-names';
import type { IconName } from './Icon';

interface NavLink {
  href: string;
  label: string;
}
export interface NavItem extends NavLink {
  icon: IconName;
  children?: readonly NavLink[];
  /** Other paths that count as this item (`/` and `/phones` are both Phones). */
  alias?: readonly string[];
}

/** The API layout's links (1-console §2 "Sidebar and layouts"). */
export const API_NAV: readonly NavItem[] = [
  { href: '/', label: 'Phones', icon: 'phone', alias: ['/phones', '/phone-detail'] },
  { href: '/campaigns', label: 'Campaigns', icon: 'send' },
  {
    href: '/developers',
    label: 'Developers',
    icon: 'code',
    children: [
      { href: '/developers/documentation', label: 'Documentation' },
      { href: '/developers/token', label: 'Token' },
      { href: '/developers/webhook', label: 'Webhook' },
      { href: '/developers/logs', label: 'Logs' },
      { href: '/developers/wp_postman_documentation', label: 'Postman' },
      { href: '/developers/group_action_logs', label: 'Group Action Logs' },
      { href: '/developers/group_info', label: 'Group Info' },
    ],
  },
  {
    href: '/integrations',
    label: 'Integrations',
    icon: 'plug',
    children: [
      { href: '/integrations/sheets', label: 'Google Sheets' },
      { href: '/integrations/contacts', label: 'Google Contacts' },
      { href: '/integrations/dialogflow', label: 'Dialogflow' },
    ],
  },
  {
    href: '/tools',
    label: 'Tools',
    icon: 'tool',
    // One name per tool: the same table as the chips and the page titles.
    children: TOOL_NAV.map((t) => ({ href: t.path, label: t.name })),
  },
  { href: '/subscription', label: 'Subscription', icon: 'card', alias: ['/subscription_partner'] },
  { href: '/settings', label: 'Settings', icon: 'settings' },
];

/** The simulated WhatsApp network's console page, listed only when the server runs the simulator. */
const SIMULATOR_NAV: NavItem = { href: '/simulator', label: 'Simulator', icon: 'flask' };

/** The API layout's links, with the simulator's page when it is on. */
export function apiNav(simulator: boolean): readonly NavItem[] {
  return simulator ? [...API_NAV, SIMULATOR_NAV] : API_NAV;
}

/** The agent-limit layout's links; Instagram only with an instagram limit. */
export function agentNav(instagram: boolean): NavItem[] {
  return [
    { href: '/chat', label: 'Live Chat', icon: 'chat' },
    ...(instagram ? [{ href: '/instagram', label: 'Instagram', icon: 'camera' as const }] : []),
    { href: '/agents', label: 'Agents', icon: 'users' },
    { href: '/analytic', label: 'Analytics', icon: 'chart' },
  ];
}

/** True when `pathname` is `href` or below it (`/` only matches itself). */
export function isWithin(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** True when a sidebar item is the current section. */
export function isActive(item: NavItem, pathname: string): boolean {
  return isWithin(pathname, item.href) || (item.alias ?? []).some((a) => isWithin(pathname, a));
}
