import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The built back-office pages by their /yta path (src/shared/staff.ts lists every tab). A tab
 * without a page here shows the "not available yet" line.
 */
export const STAFF_PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/yta': lazy(() => import('./MenuPage')),
  '/yta/audit': lazy(() => import('./AuditPage')),
  '/yta/footprint': lazy(() => import('./FootprintPage')),
  '/yta/feedback': lazy(() => import('./FeedbackPage')),
  '/yta/checkouterror': lazy(() => import('./CheckoutErrorPage')),
  '/yta/logs': lazy(() => import('./UserLogsPage')),
  '/yta/pausedsubs': lazy(() => import('./PausedSubsPage')),
  '/yta/substable': lazy(() => import('./SubsTablePage')),
  '/yta/paymentlink': lazy(() => import('./PaymentLinkPage')),
  '/yta/cartlogs': lazy(() => import('./CartLogsPage')),
  '/yta/cartlogdetails': lazy(() => import('./CartLogDetailsPage')),
  '/yta/phones': lazy(() => import('./PhonesPage')),
  '/yta/idlephones': lazy(() => import('./IdlePhonesPage')),
  '/yta/sandboxphones': lazy(() => import('./SandboxPhonesPage')),
  '/yta/missedphones': lazy(() => import('./MissedPhonesPage')),
  '/yta/phonesevents': lazy(() => import('./PhonesEventsPage')),
  '/yta/instagrams': lazy(() => import('./InstagramsPage')),
  '/yta/numbers': lazy(() => import('./NumbersPage')),
  '/yta/screens': lazy(() => import('./ScreensPage')),
};
