import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { Redirect, useLocation } from 'wouter';
import { STAFF_TABS, staffLevelOf, staffRedirect } from '../../../src/shared/staff';
import { Loader } from '../../components/Loader';
import { AreaPlaceholder } from '../AreaPage';
import { $user } from '../../stores/session';
import { StaffLayout } from './StaffLayout';
import { STAFF_PAGES } from './pages';

/**
 * Everything under /yta: customers go to /, a limited agent on another tab to /yta (4-admin §2).
 * The server refuses the same calls on its own (src/middleware/staff.ts); this only spares the
 * screens a caller could not use.
 */
export default function StaffPage() {
  const user = useStore($user);
  const [location] = useLocation();
  const pathname = location.replace(/\/+$/, '') || '/yta';
  const level = staffLevelOf(user);
  const to = staffRedirect(level, pathname);
  if (to || !level) return <Redirect to={to ?? '/'} replace />;
  const tab = STAFF_TABS.find((t) => t.path === pathname);
  if (!tab) return <Redirect to="/yta" replace />;
  const Page = STAFF_PAGES[tab.path];
  return (
    <StaffLayout level={level} pathname={pathname} email={user?.email}>
      <Suspense fallback={<Loader />}>{Page ? <Page /> : <AreaPlaceholder title={tab.label} />}</Suspense>
    </StaffLayout>
  );
}
