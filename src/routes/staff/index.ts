import { routes } from '../kit/declare';
import { staffAuditRoutes } from './audit';
import { staffNumberRoutes } from './numbers';
import { staffPhoneRoutes } from './phones';
import { cartRecoveryRoutes } from './cart-recovery';
import { packageRoutes } from './packages';
import { pausedSubsRoutes } from './paused-subs';
import { staffUserRoutes } from './users';

/**
 * `/api/{brand}/admin/...`: the staff back-office's calls (4-admin §7). Every route declares
 * `staffOnly('admin' | 'staff')` from src/middleware/staff.ts in its middleware.
 */
export const staffRoutes = routes()
  .route('/', staffAuditRoutes)
  .route('/', staffUserRoutes)
  .route('/', pausedSubsRoutes)
  .route('/', packageRoutes)
  .route('/', cartRecoveryRoutes)
  .route('/', staffPhoneRoutes)
  .route('/', staffNumberRoutes);
