import { useStore } from '@nanostores/react';
import { Suspense, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { staffLevelOf, staffRedirect } from '../../../src/shared/staff';
import { Loader } from '../../components/Loader';
import { $user } from '../../stores/session';
import { StaffLayout } from './StaffLayout';

/**
 * The frame of every page under /yta (the `staff` area of the page table, web/routes.tsx): customers
 * go to /, a limited agent on another tab to /yta (4-admin §2). The server refuses the same calls on
 * its own (src/middleware/staff.ts); this only spares the screens a caller could not use.
 */
export default function StaffFrame({ children }: { children: ReactNode }) {
  const user = useStore($user);
  const [location] = useLocation();
  const pathname = location.replace(/\/+$/, '') || '/yta';
  const level = staffLevelOf(user);
  const to = staffRedirect(level, pathname);
  if (to || !level) return <Redirect to={to ?? '/'} replace />;
  return (
    <StaffLayout level={level} pathname={pathname} email={user?.email}>
      <Suspense fallback={<Loader />}>{children}</Suspense>
    </StaffLayout>
  );
}
