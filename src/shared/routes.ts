/**
 * The console's route table, shared by the server (titles and 404 status of the HTML shell) and the
 * SPA (wouter routes). Patterns use wouter's syntax. The server must not load React, so the pages
 * themselves are attached in web/routes.tsx (`PAGES`, one component per path of this table).
 */
import { STAFF_TABS } from './staff';
import { toolName, TOOLS_INDEX_TITLE } from './tool-names';

/** `agent`: the chat app, open to a signed-in agent (its own session) or the console's owner. */
type RouteAccess = 'guest' | 'public' | 'private' | 'agent';
/**
 * `tools`: a free tool needing no phone (text in tool-pages.ts): the console's layout for a signed-in
 * user, a public page with a sign-up invitation for a visitor.
 */
type RouteLayout = 'none' | 'api' | 'agent' | 'tools';

export interface RouteSpec {
  path: string;
  title: string;
  access: RouteAccess;
  layout: RouteLayout;
  /**
   * `later`: an area not built yet renders its title inside the layout and nothing else.
   * `staff`: a back-office page (under /yta), drawn inside the staff frame for staff only.
   */
  area?: 'later' | 'staff';
}

type ToolAddress = Parameters<typeof toolName>[0];
/** A free tool needing no phone: public, in the tools layout, titled by its one name. */
const freeTool = (path: ToolAddress): RouteSpec => ({ path, title: toolName(path), access: 'public', layout: 'tools' });
/** A tool that works through the user's phone: private, in the console's layout, titled by its one name. */
const phoneTool = (path: ToolAddress): RouteSpec => ({ path, title: toolName(path), access: 'private', layout: 'api' });
/** A back-office page: private, in the staff frame (src/shared/staff.ts says which staff may open it). */
const staffPage = (path: string): RouteSpec => ({
  path,
  title: 'Back Office',
  access: 'private',
  layout: 'none',
  area: 'staff',
});

export const ROUTES: readonly RouteSpec[] = [
  { path: '/login', title: 'Login', access: 'guest', layout: 'none' },
  { path: '/register', title: 'Register', access: 'guest', layout: 'none' },
  { path: '/forgot', title: 'Forgot Password', access: 'public', layout: 'none' },
  { path: '/forgot/checkyourmail', title: 'Check Your Mail', access: 'public', layout: 'none' },
  { path: '/verify/resetPassword/:token', title: 'Reset Password', access: 'public', layout: 'none' },
  { path: '/verify/agent/:token', title: 'Agent Verification', access: 'public', layout: 'none' },
  { path: '/live/login', title: 'Agent Login', access: 'public', layout: 'none' },
  { path: '/live', title: 'Live Chat', access: 'agent', layout: 'none' },
  { path: '/', title: 'Phones', access: 'private', layout: 'api' },
  { path: '/phones', title: 'Phones', access: 'private', layout: 'api' },
  { path: '/campaigns', title: 'Campaigns', access: 'private', layout: 'api' },
  { path: '/campaigns/new', title: 'New Campaign', access: 'private', layout: 'api' },
  { path: '/campaigns/:id', title: 'Campaign', access: 'private', layout: 'api' },
  { path: '/simulator', title: 'Simulator', access: 'private', layout: 'api' },
  { path: '/settings', title: 'Settings', access: 'private', layout: 'api' },
  { path: '/settings/account', title: 'Settings', access: 'private', layout: 'api' },
  { path: '/settings/payment', title: 'Payment', access: 'private', layout: 'api' },
  { path: '/subscription', title: 'Subscription', access: 'private', layout: 'api' },
  { path: '/subscription_partner', title: 'Partner', access: 'private', layout: 'api' },
  { path: '/chat', title: 'Live Chat', access: 'private', layout: 'agent' },
  { path: '/instagram', title: 'Instagram', access: 'private', layout: 'agent' },
  { path: '/agents', title: 'Agents', access: 'private', layout: 'agent' },
  { path: '/analytic', title: 'Analytics', access: 'private', layout: 'agent' },
  { path: '/analytic/timeline', title: 'Analytics Timeline', access: 'private', layout: 'agent' },
  { path: '/contact', title: 'Contact', access: 'private', layout: 'api' },
  { path: '/developers/documentation', title: 'Documentation', access: 'private', layout: 'api' },
  { path: '/developers/instagram_documentation', title: 'Instagram Documentation', access: 'private', layout: 'api' },
  { path: '/developers/token', title: 'Token', access: 'private', layout: 'api' },
  { path: '/developers/wp_postman_documentation', title: 'Postman Collection', access: 'private', layout: 'api' },
  { path: '/developers/logs', title: 'Logs', access: 'private', layout: 'api' },
  { path: '/developers/webhook', title: 'Webhook', access: 'private', layout: 'api' },
  { path: '/developers/group_action_logs', title: 'Group Action Logs', access: 'private', layout: 'api' },
  { path: '/developers/group_info', title: 'Group Info', access: 'private', layout: 'api' },
  { path: '/developers/dialogflow-integration', title: 'Dialogflow', access: 'private', layout: 'api' },
  { path: '/developers/:page', title: 'Developers', access: 'private', layout: 'api', area: 'later' },
  { path: '/integrations', title: 'Integrations', access: 'private', layout: 'api' },
  { path: '/integrations/contacts', title: 'Google Contacts', access: 'private', layout: 'api' },
  { path: '/integrations/sheets', title: 'Google Sheets', access: 'private', layout: 'api' },
  { path: '/integrations/dialogflow', title: 'Dialogflow', access: 'private', layout: 'api' },
  { path: '/tools', title: TOOLS_INDEX_TITLE, access: 'public', layout: 'tools' },
  freeTool('/tools/base64encoder'),
  freeTool('/tools/vcardmaker'),
  freeTool('/tools/whatsapp-qr-code-generator'),
  freeTool('/tools/qr-code-generator'),
  freeTool('/tools/whatsapp-text-formatter'),
  freeTool('/tools/json-escape-unescape'),
  // The tools that need a phone: anonymous visitors go to the login and come back here after it.
  phoneTool('/tools/warmingup'),
  phoneTool('/tools/get-whatsapp-profile-picture'),
  phoneTool('/tools/whatsapp-check-numbers'),
  phoneTool('/tools/whatsapp-number-checker'),
  phoneTool('/tools/multi-whatsapp-check-numbers'),
  { path: '/button', title: 'Chat Button', access: 'private', layout: 'api' },
  { path: '/survey', title: 'Survey', access: 'private', layout: 'api' },
  { path: '/get-started', title: 'Get Started', access: 'private', layout: 'api' },
  { path: '/phone-detail/:phone', title: 'Phone Detail', access: 'private', layout: 'api' },
  // The back-office: its tabs (the first is /yta), then any other /yta address, sent to /yta.
  ...STAFF_TABS.map((t) => staffPage(t.path)),
  staffPage('/yta/:rest*'),
];

/** Redirects of the route table: /documentation, /developers, /settings/token, /settings/subscription. */
const REDIRECTS: Readonly<Record<string, string>> = {
  '/documentation': '/developers/documentation',
  '/developers': '/developers/documentation',
  '/settings/token': '/developers/token',
  '/settings/subscription': '/subscription',
};

/** Matches a pathname against a wouter-style pattern (":name" segments, trailing ":rest*"). */
export function matchPattern(pattern: string, pathname: string): boolean {
  const p = pattern.split('/').filter(Boolean);
  const s = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    if (seg.endsWith('*')) return true;
    if (s[i] === undefined) return false;
    if (!seg.startsWith(':') && seg !== s[i]) return false;
  }
  return p.length === s.length;
}

/** Where a pathname goes: a route, a redirect, the /settings catch-all, or nothing (404). */
export function resolvePath(pathname: string): { route?: RouteSpec; redirect?: string } {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const redirect = REDIRECTS[clean];
  if (redirect) return { redirect };
  const route = ROUTES.find((r) => matchPattern(r.path, clean));
  if (route) return { route };
  if (clean.startsWith('/settings/')) return { redirect: '/settings' };
  return {};
}
