import { createMiddleware } from 'hono/factory';
import type { AppContext, AppEnv } from '../env';
import { ApiError } from '../errors';
import { recordAudit } from '../services/staff/audit';
import { STAFF_MSG, staffLevelOf, type StaffLevel } from '../shared/staff';

/**
 * Route middleware for the back-office calls (4-admin §6): 401 for an anonymous caller, 403 for a
 * customer (and for a limited agent on an admin-only call). Every refusal is written to the audit
 * log before the body is read. `staff` lets limited agents through too (the footprint and feedback
 * calls); `admin` only admins.
 */
export function staffOnly(need: 'admin' | 'staff') {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    const level: StaffLevel | null = staffLevelOf(user);
    if (level === 'admin' || (level === 'limited' && need === 'staff')) return next();
    await recordAudit(
      c.get('ctx'),
      user ? { id: user.id, email: user.email } : null,
      'denied',
      `${c.req.method} ${c.req.path}`,
      { level: level ?? (user ? 'customer' : 'anonymous') },
    );
    if (!user) throw new ApiError('UNAUTHORIZED', 'You are not logged in.');
    throw new ApiError('FORBIDDEN', level === 'limited' ? STAFF_MSG.adminsOnly : STAFF_MSG.staffOnly);
  });
}

/** The signed-in staff member for audit entries (the middleware has already let them in). */
export function staffActor(c: AppContext) {
  const user = c.get('user');
  return user ? { id: user.id, email: user.email } : null;
}
