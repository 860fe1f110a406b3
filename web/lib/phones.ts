/**
 * Phones as the messaging API describes them, and the pure rules of the phones page (2-phones §2.1,
 * §4, §5, §6, §9): status derivation and labels, list filtering, bulk redeploy payload, regions.
 */
import type { z } from 'zod';
import type { PHONE_STATUSES } from '../../src/shared/phone-status';
import type { instanceStatus, phoneObj } from '../../src/shared/schemas/messaging/answers';

/** The statuses a phone reports (2-phones §4.1), and the console's 'other'; anything else is shown as it comes. */
type PhoneStatus = (typeof PHONE_STATUSES)[number] | 'other';

/**
 * A phone as `GET /api/{pid}/listPhones` lists it (the server's schema). The console widens the
 * status: it shows what it derives from the status call ('other', or any status a phone reports).
 */
export type Phone = Omit<z.infer<typeof phoneObj>, 'status'> & { status: PhoneStatus | (string & {}) };

export type PartnerMode = Phone['mod'];

/** Flags of the status call (2-phones §3 "Phone status response"). */
export interface StatusFlags {
  loggedIn: boolean;
  isQr: boolean;
  loading: boolean;
  connRetry: boolean;
  message: string;
  version?: string;
  multidevice?: boolean;
  state?: { state: string; canSend: boolean };
  number?: string;
}

/** `GET /api/{pid}/{phoneId}/status`. */
export interface StatusResponse {
  number: string;
  mobile_proxy: boolean;
  proxy_region: string | null;
  phone_status: string;
  status: StatusFlags;
}

/** `GET /api/{pid}/{phoneId}/instance_status`. */
export type InstanceStatus = z.infer<typeof instanceStatus>['status'];

/** Phone name limit (2-phones §5). */
export const PHONE_NAME_MAX = 20;
/** The search box appears when the account has more phones than this (2-phones §9). */
export const SEARCH_ABOVE = 9;

/** Values of the status filter (2-phones §2.1). */
export const STATUS_FILTERS = [
  'all',
  'qr-screen',
  'active',
  'loading',
  'idle',
  'phone-error',
  'disabled',
  'has-queue',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * The status the console shows from the status call (2-phones §4.1): connection retry gives no
 * internet, the QR flag qr-screen, loading loading, a message phone-error, logged in active. Where
 * the flags say nothing more specific ("other"), the phone's own status (PAIRING, idle, disabled,
 * 'creating...') is kept; a phone being created reports the loading flag and stays 'creating...'.
 */
export function deriveStatus(res: Pick<StatusResponse, 'status' | 'phone_status'>): string {
  const f = res.status;
  if (res.phone_status === 'disabled') return 'disabled';
  if (f.connRetry) return 'conn-retry';
  if (f.isQr) return 'qr-screen';
  if (f.loading) return res.phone_status === 'creating...' ? 'creating...' : 'loading';
  if (f.message) return 'phone-error';
  if (f.loggedIn) return 'active';
  return res.phone_status || 'other';
}

/** How a status reads on screen: conn-retry is 'no internet'. */
export function statusLabel(status: string): string {
  return status === 'conn-retry' ? 'no internet' : status;
}

export type StatusTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

/** The colour family of a status chip. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'active':
      return 'success';
    case 'qr-screen':
    case 'PAIRING':
      return 'info';
    case 'idle':
    case 'TIMEOUT':
    case 'low-battery':
    case 'loading':
    case 'creating...':
      return 'warning';
    case 'phone-error':
    case 'conn-retry':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** True while the phone is starting up (the screen refreshes faster, the QR view shows). */
export function isStarting(status: string): boolean {
  return status === 'loading' || status === 'creating...';
}

/** Phones that count against the phone limit: enabled, not sandbox, WhatsApp. */
export function countedPhones(phones: readonly Phone[]): number {
  return phones.filter((p) => p.active && p.status !== 'disabled' && !p.data.sandbox && p.type === 'whatsapp').length;
}

/** Which filter a phone falls under, besides 'all' and 'has-queue'. */
function filterStatus(p: Phone): string {
  if (!p.active) return 'disabled';
  return p.status === 'creating...' ? 'loading' : p.status;
}

/**
 * The phones shown for a filter and a search text. The search matches number, id or name; it is
 * trimmed and case-insensitive. `queues` holds the queue counts above 0 by phone id.
 */
export function filterPhones(
  phones: readonly Phone[],
  filter: StatusFilter,
  search: string,
  queues: Readonly<Record<number, number>> = {},
): Phone[] {
  const q = search.trim().toLowerCase();
  return phones.filter((p) => {
    if (filter === 'has-queue' && !((queues[p.id] ?? p.queue) > 0)) return false;
    if (filter !== 'all' && filter !== 'has-queue' && filterStatus(p) !== filter) return false;
    if (!q) return true;
    return p.number.toLowerCase().includes(q) || String(p.id).includes(q) || p.name.toLowerCase().includes(q);
  });
}

/** Phones the bulk redeploy can act on: enabled WhatsApp phones. */
export function redeployable(phones: readonly Phone[]): Phone[] {
  return phones.filter((p) => p.type === 'whatsapp' && p.active && p.status !== 'disabled');
}

/** The body of `POST /redeployAll`: the list is omitted when every redeployable phone is selected (2-phones §5). */
export function redeployAllBody(selected: readonly number[], phones: readonly Phone[]): { phones?: number[] } {
  const all = redeployable(phones).map((p) => p.id);
  const chosen = all.filter((id) => selected.includes(id));
  return chosen.length === all.length ? {} : { phones: chosen };
}

/** A pairing code as people type it: `ABCDEFGH` → `ABCD-EFGH`. */
export function formatPairingCode(code: string): string {
  const c = code.replace(/[\s-]/g, '').toUpperCase();
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/** Countries of the regional notices (2-phones §9). */
const SOUTH_ASIA: readonly string[] = ['IN', 'PK', 'CN', 'NP', 'BT', 'BD', 'MM', 'LK'];
const SOUTH_AMERICA: readonly string[] = ['EC', 'PE', 'BR', 'VE', 'PA', 'CO'];
export type Region = 'south-asia' | 'south-america';

/** The region a visitor's country falls in, for the regional notices. */
export function regionOf(country: string | null | undefined): Region | null {
  const c = (country ?? '').toUpperCase();
  if (SOUTH_ASIA.includes(c)) return 'south-asia';
  if (SOUTH_AMERICA.includes(c)) return 'south-america';
  return null;
}

/** Mobile proxy regions (2-phones §9): India sends no region code. */
export const PROXY_REGIONS = [
  { value: 'IN', label: 'India', code: null },
  { value: 'SA', label: 'South America', code: 'SA' },
  { value: 'ZA', label: 'South Africa', code: 'ZA' },
  { value: 'AR', label: 'Argentina', code: 'AR' },
  { value: 'NAF', label: 'North Africa', code: 'NAF' },
] as const;
export type ProxyChoice = (typeof PROXY_REGIONS)[number]['value'];

/** The proxy region recommended for a visitor's region. */
export function recommendedProxy(region: Region | null): ProxyChoice {
  return region === 'south-america' ? 'SA' : 'IN';
}

/** The label of a proxy region code as the phone reports it (null is India). */
export function proxyLabel(code: string | null): string {
  return PROXY_REGIONS.find((r) => r.code === code || r.value === code)?.label ?? code ?? 'India';
}

/** The Mobile Proxy control is hidden for sandbox phones, phones with a proxy and active phones (2-phones §6). */
export function proxyOffered(p: Phone, status: string = p.status): boolean {
  return !p.data.sandbox && !p.proxy && status !== 'active' && p.active;
}

/** The mode a partner sees for a phone (2-phones §4.3): closed when disabled, else the phone's mode. */
export function partnerModeOf(p: Phone): PartnerMode {
  return !p.active || p.status === 'disabled' ? 'closed' : p.mod;
}

/** A phone's title: its name, else its number, else its id. */
export function phoneTitle(p: Pick<Phone, 'id' | 'name' | 'number'>): string {
  return p.name || (p.number ? `+${p.number}` : `Phone ${p.id}`);
}

/** What kind of number a phone is, in words: an official number, the sandbox, Instagram or a linked WhatsApp. */
export function phoneTypeLabel(p: Pick<Phone, 'type' | 'engine' | 'data'>): string {
  if (p.data.sandbox) return 'Sandbox';
  if (p.type === 'instagram') return 'Instagram';
  if (p.engine === 'cloud') return 'Cloud API';
  return 'WhatsApp';
}
