import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, type ComponentType, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { ROUTES, type RouteSpec } from '../src/shared/routes';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Loader } from './components/Loader';
import { PageLayout } from './components/PageLayout';
import { Snackbar } from './components/Snackbar';
import { SupportBubble } from './components/SupportBubble';
import { brandName, getConfig } from './lib/bootstrap';
import { decide, partnerRedirect, showSupportBubble, supportBubbleDocked } from './lib/navigation';
import { trialNotice, TrialBanner } from './pages/billing/TrialBanner';
import { LoaderScreen } from './pages/LoaderScreen';
import { GetStartedWidget } from './pages/onboarding/GetStartedWidget';
import type { PageProps } from './pages/page-props';
import { $product, $productError, $productLoading, loadProduct } from './stores/product';
import { $user, logout } from './stores/session';
import { $toastPlace, $toasts, dismissToast } from './stores/toasts';

const AreaPage = lazy(() => import('./pages/AreaPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const PhonesPage = lazy(() => import('./pages/phones/PhonesPage'));
const FreeToolPage = lazy(() => import('./pages/tools/FreeToolPage'));
const NumberCheckerPage = lazy(() => import('./pages/tools/NumberCheckerPage'));
/** The back-office's frame around each page of the `staff` area. */
const StaffFrame = lazy(() => import('./pages/staff/StaffFrame'));
const DialogflowPage = lazy(() => import('./pages/integrations/DialogflowPage'));
const SheetsPage = lazy(() => import('./pages/integrations/SheetsPage'));

/** Any other /yta address: the back-office's menu. */
function ToStaffMenu() {
  return <Redirect to="/yta" replace />;
}

/**
 * The page table: the component of each route of the shared table (src/shared/routes.ts) that is
 * built, the back-office's pages included; every other route is an area marked `later` and renders
 * AreaPage inside its layout. The paths, titles and access rules stay in src/shared/routes.ts because
 * the server reads them too and must not load React.
 */
export const PAGES: Readonly<Record<string, ComponentType<PageProps>>> = {
  '/login': lazy(() => import('./pages/auth/LoginPage')),
  '/register': lazy(() => import('./pages/auth/RegisterPage')),
  '/forgot': lazy(() => import('./pages/auth/ForgotPage')),
  '/forgot/checkyourmail': lazy(() => import('./pages/auth/CheckYourMailPage')),
  '/verify/resetPassword/:token': lazy(() => import('./pages/auth/ResetPasswordPage')),
  '/verify/agent/:token': lazy(() => import('./pages/auth/VerifyAgentPage')),
  '/': PhonesPage,
  '/phones': PhonesPage,
  '/campaigns': lazy(() => import('./pages/campaigns/CampaignsPage')),
  '/campaigns/new': lazy(() => import('./pages/campaigns/NewCampaignPage')),
  '/campaigns/:id': lazy(() => import('./pages/campaigns/CampaignPage')),
  '/simulator': lazy(() => import('./pages/simulator/SimulatorPage')),
  '/settings': SettingsPage,
  '/settings/account': SettingsPage,
  '/instagram': lazy(() => import('./pages/instagram/InstagramPage')),
  '/developers/documentation': lazy(() => import('./pages/developers/DocumentationPage')),
  '/developers/instagram_documentation': lazy(() => import('./pages/developers/InstagramDocumentationPage')),
  '/developers/token': lazy(() => import('./pages/developers/TokenPage')),
  '/developers/wp_postman_documentation': lazy(() => import('./pages/developers/PostmanPage')),
  '/developers/logs': lazy(() => import('./pages/developers/LogsPage')),
  '/developers/webhook': lazy(() => import('./pages/developers/WebhookPage')),
  '/developers/group_action_logs': lazy(() => import('./pages/developers/GroupActionLogsPage')),
  '/developers/group_info': lazy(() => import('./pages/developers/GroupInfoPage')),
  '/developers/dialogflow-integration': DialogflowPage,
  '/integrations': SheetsPage,
  '/integrations/sheets': SheetsPage,
  '/integrations/contacts': lazy(() => import('./pages/integrations/ContactsPage')),
  '/integrations/dialogflow': DialogflowPage,
  '/phone-detail/:phone': lazy(() => import('./pages/phone-detail/PhoneDetailPage')),
  ...Object.fromEntries(ROUTES.filter((r) => r.layout === 'tools').map((r) => [r.path, FreeToolPage])),
  '/tools': lazy(() => import('./pages/tools/ToolsIndexPage')),
  '/tools/warmingup': lazy(() => import('./pages/tools/WarmingPage')),
  '/tools/get-whatsapp-profile-picture': lazy(() => import('./pages/tools/ProfilePicturePage')),
  '/tools/whatsapp-check-numbers': NumberCheckerPage,
  '/tools/whatsapp-number-checker': NumberCheckerPage,
  '/tools/multi-whatsapp-check-numbers': lazy(() => import('./pages/tools/MultiCheckerPage')),
  '/button': lazy(() => import('./pages/button/ButtonPage')),
  '/subscription': lazy(() => import('./pages/subscription/SubscriptionPage')),
  '/subscription_partner': lazy(() => import('./pages/billing/PartnerPage')),
  '/settings/payment': lazy(() => import('./pages/billing/PaymentPage')),
  '/agents': lazy(() => import('./pages/agents/AgentsPage')),
  '/chat': lazy(() => import('./pages/inbox/ChatPage')),
  '/live': lazy(() => import('./pages/inbox/LivePage')),
  '/live/login': lazy(() => import('./pages/inbox/LiveLoginPage')),
  '/analytic': lazy(() => import('./pages/analytics/AnalyticsPage')),
  '/analytic/timeline': lazy(() => import('./pages/analytics/TimelinePage')),
  '/get-started': lazy(() => import('./pages/onboarding/GetStartedPage')),
  '/survey': lazy(() => import('./pages/onboarding/SurveyPage')),
  '/contact': lazy(() => import('./pages/onboarding/ContactPage')),
  '/yta': lazy(() => import('./pages/staff/MenuPage')),
  '/yta/audit': lazy(() => import('./pages/staff/AuditPage')),
  '/yta/footprint': lazy(() => import('./pages/staff/FootprintPage')),
  '/yta/feedback': lazy(() => import('./pages/staff/FeedbackPage')),
  '/yta/checkouterror': lazy(() => import('./pages/staff/CheckoutErrorPage')),
  '/yta/logs': lazy(() => import('./pages/staff/UserLogsPage')),
  '/yta/pausedsubs': lazy(() => import('./pages/staff/PausedSubsPage')),
  '/yta/substable': lazy(() => import('./pages/staff/SubsTablePage')),
  '/yta/paymentlink': lazy(() => import('./pages/staff/PaymentLinkPage')),
  '/yta/cartlogs': lazy(() => import('./pages/staff/CartLogsPage')),
  '/yta/cartlogdetails': lazy(() => import('./pages/staff/CartLogDetailsPage')),
  '/yta/phones': lazy(() => import('./pages/staff/PhonesPage')),
  '/yta/idlephones': lazy(() => import('./pages/staff/IdlePhonesPage')),
  '/yta/sandboxphones': lazy(() => import('./pages/staff/SandboxPhonesPage')),
  '/yta/missedphones': lazy(() => import('./pages/staff/MissedPhonesPage')),
  '/yta/phonesevents': lazy(() => import('./pages/staff/PhonesEventsPage')),
  '/yta/instagrams': lazy(() => import('./pages/staff/InstagramsPage')),
  '/yta/numbers': lazy(() => import('./pages/staff/NumbersPage')),
  '/yta/screens': lazy(() => import('./pages/staff/ScreensPage')),
  '/yta/:rest*': ToStaffMenu,
};

/** The document title the server gives 404 shells. */
const NOT_FOUND_TITLE = 'Page not found';

function pageFor(route: RouteSpec): ComponentType<PageProps> {
  return PAGES[route.path] ?? AreaPage;
}

function useLogout(): () => void {
  const [, navigate] = useLocation();
  return useCallback(() => {
    void logout().then(() => navigate('/login', { replace: true }));
  }, [navigate]);
}

/** The toasts of signed-in pages. */
function Toasts() {
  return <Snackbar items={useStore($toasts)} onDismiss={dismissToast} place={useStore($toastPlace)} />;
}

/** The sidebar layout around a signed-in page. */
function ConsoleLayout({ title, children }: { title: string; children: ReactNode }) {
  const [pathname] = useLocation();
  const user = useStore($user);
  const product = useStore($product);
  const settings = product?.settings;
  const onLogout = useLogout();
  return (
    <PageLayout
      title={title}
      email={user?.email}
      headerExtra={<GetStartedWidget />}
      sidebar={{
        pathname,
        brandName: brandName(getConfig().brand),
        agentLimit: (settings?.agent_limit ?? 0) > 0,
        instagramLimit: (settings?.instagram_limit ?? 0) > 0,
        simulator: getConfig().simulator,
        onLogout,
      }}
    >
      {pathname !== '/subscription' && <TrialBanner notice={trialNotice(product)} />}
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Loader />}>{children}</Suspense>
      </ErrorBoundary>
      <Toasts />
    </PageLayout>
  );
}

/** Holds signed-in pages back until the product is loaded (1-console §2). */
function ProductGate({ path, children }: { path: string; children: ReactNode }) {
  const product = useStore($product);
  const error = useStore($productError);
  const loading = useStore($productLoading);
  const onLogout = useLogout();
  useEffect(() => {
    if (!product && !error && !loading) void loadProduct();
  }, [product, error, loading]);
  if (product) {
    const partnerPage = partnerRedirect(path, Boolean(product.settings.partner));
    return partnerPage ? <Redirect to={partnerPage} replace /> : children;
  }
  return <LoaderScreen error={error || undefined} onRetry={() => void loadProduct()} onLogout={onLogout} />;
}

function RoutePage({ route, params }: PageProps) {
  const signedIn = Boolean(useStore($user));
  const Page = pageFor(route);
  const page =
    route.area === 'staff' ? (
      <StaffFrame>
        <Page route={route} params={params} />
      </StaffFrame>
    ) : (
      <Page route={route} params={params} />
    );
  // A free tool is public: a visitor gets the page's own public layout, a user the console's.
  const consoleLayout = route.layout === 'tools' ? signedIn : route.layout !== 'none';
  const content = !consoleLayout ? (
    <ErrorBoundary resetKey={route.path} variant="screen">
      <Suspense fallback={<LoaderScreenFallback />}>{page}</Suspense>
    </ErrorBoundary>
  ) : (
    <ConsoleLayout title={route.title}>{page}</ConsoleLayout>
  );
  return route.access === 'private' || (route.layout === 'tools' && signedIn) ? (
    <ProductGate path={route.path}>{content}</ProductGate>
  ) : (
    content
  );
}

function LoaderScreenFallback() {
  return (
    <main className="w-loader-screen">
      <Loader />
    </main>
  );
}

function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${brandName(getConfig().brand)}`;
  }, [title]);
}

/** The console: one route table, its redirects and guards, and the support bubble. */
export function App() {
  const [pathname] = useLocation();
  const search = useSearch();
  const user = useStore($user);
  const decision = decide(pathname, search, Boolean(user));
  useDocumentTitle(
    decision.kind === 'route' ? decision.route.title : decision.kind === 'notFound' ? NOT_FOUND_TITLE : null,
  );
  // The outer boundary catches what the pages' own do not (the layout, the gate): never a white page.
  return (
    <ErrorBoundary resetKey={pathname} variant="screen">
      {decision.kind === 'redirect' && <Redirect to={decision.to} replace />}
      {decision.kind === 'notFound' && (
        <Suspense fallback={<LoaderScreenFallback />}>
          <NotFoundPage />
        </Suspense>
      )}
      {decision.kind === 'route' && <RoutePage route={decision.route} params={decision.params} />}
      {showSupportBubble(pathname) && (
        <SupportBubble supportEmail={getConfig().supportEmail} docked={supportBubbleDocked(pathname)} />
      )}
    </ErrorBoundary>
  );
}
