import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from '../../components/Badge';
import { $getStarted, $welcome, closeWelcome, loadGetStarted, startApiTrial } from '../../stores/onboarding';
import { $phones } from '../../stores/phones';
import { $user, logout } from '../../stores/session';
import { WelcomeModal } from './WelcomeModal';
import './widget.css';

/**
 * The get-started progress widget in the console's header (1-console §1): a link to /get-started with
 * the server's percent in a red badge until 100. It reloads on every page change, so a step done on
 * another page shows when the user moves on, and when a phone on screen changes status (a phone
 * linked while the phones page is open counts at once). It also holds the welcome modal (3-developer
 * §2.7): the sign-up lands on it (on /subscription), and /get-started shows it while the account has
 * neither a trial nor a plan.
 */
export function GetStartedWidget() {
  const [pathname, navigate] = useLocation();
  const progress = useStore($getStarted);
  const welcome = useStore($welcome);
  const user = useStore($user);
  const statuses = useStore($phones)
    .map((p) => `${p.id}:${p.status}`)
    .join(',');
  const done = progress?.percent === 100;
  useEffect(() => {
    loadGetStarted().catch((e: unknown) => console.warn('get-started', e));
  }, [pathname, done ? '' : statuses]);
  // A modal closed on one page is offered again on the next visit to /get-started.
  useEffect(() => {
    if ($welcome.get() === 'closed') $welcome.set('auto');
  }, [pathname]);
  // Leaving the console (a logout) forgets the account's progress, so the next sign-in never sees it.
  useEffect(
    () => () => {
      $getStarted.set(null);
      $welcome.set('auto');
    },
    [],
  );
  if (!progress) return null;
  const showWelcome =
    user !== null && (welcome === 'open' || (welcome === 'auto' && progress.welcome && pathname === '/get-started'));
  return (
    <>
      <Link
        href="/get-started"
        className="w-started-widget"
        aria-current={pathname === '/get-started' ? 'page' : undefined}
      >
        <span className="w-started-widget__label">Get started</span>
        <Badge tone={progress.percent === 100 ? 'success' : 'danger'}>{progress.percent}%</Badge>
      </Link>
      {showWelcome && (
        <WelcomeModal
          email={user.email}
          onClose={closeWelcome}
          onStart={() => startApiTrial().then(closeWelcome)}
          onLogout={() => void logout().then(() => navigate('/login', { replace: true }))}
        />
      )}
    </>
  );
}
