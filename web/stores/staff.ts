import { atom } from 'nanostores';
import type { z } from 'zod';
import type { auditAnswer } from '../../src/shared/schemas/staff';
import { apiGet } from '../lib/api';
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
