import { atom } from 'nanostores';
import type { z } from 'zod';
import type { auditAnswer } from '../../src/shared/schemas/staff/access';
import { apiGet, apiPost, ApiError } from '../lib/api';
import { getConfig } from '../lib/bootstrap';
import { MSG } from '../lib/messages';

export type AuditPage = Omit<z.infer<typeof auditAnswer>, 'success'> & { page: number };

/** The back-office call `call` under `/api/{brand}/admin/`. */
export const staffPath = (call: string) => `/api/${getConfig().brand}/admin/${call}`;

/** Rows per audit page. */
export const AUDIT_PAGE_SIZE = 50;

/** The audit log page on screen; null until loaded. */
export const $audit = atom<AuditPage | null>(null);
export const $auditError = atom('');

/** Loads a page of the audit log, optionally one action only. */
export async function loadAudit(page: number, action = ''): Promise<void> {
  $auditError.set('');
  try {
    const q = new URLSearchParams({
      page: String(page),
      limit: String(AUDIT_PAGE_SIZE),
      ...(action ? { action } : {}),
    });
    const { result, total } = await apiGet<Omit<AuditPage, 'page'>>(`${staffPath('audit')}?${q}`);
    $audit.set({ result, total, page });
  } catch {
    $auditError.set(MSG.loadFailed);
  }
}

/** A staff role as /yta grants it: the whole back-office, its Menu, Footprint and Feedback tabs, or none. */
export type StaffGrant = 'admin' | 'limited' | 'none';

/** What the staff-roles form says once a role is saved. */
function grantedText(email: string, role: StaffGrant): string {
  if (role === 'admin') return `${email} is now an admin: they can open the whole back-office.`;
  if (role === 'limited') return `${email} is now limited staff: they can open the Menu, Footprint and Feedback tabs.`;
  return `${email} no longer has a staff role: they see the console as a customer.`;
}

/** Gives `email` a staff role (or takes it back), as `npm run admin -- grant` does; the audit log records it. */
export async function grantRole(email: string, role: StaffGrant): Promise<string> {
  try {
    await apiPost(staffPath('grant'), { email: email.trim(), role });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404)
      throw new ApiError('No account uses this e-mail. Ask the person to sign up first, then grant the role.', 404);
    throw e;
  }
  return grantedText(email.trim().toLowerCase(), role);
}
