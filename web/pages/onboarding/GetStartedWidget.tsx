import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from '../../components/Badge';
import { $getStarted, loadGetStarted } from '../../stores/onboarding';
import { $phones } from '../../stores/phones';
import './widget.css';

/**
 * The get-started progress widget in the console's header (1-console §1): a link to /get-started with
 * the server's percent in a red badge until 100. It reloads on every page change, so a step done on
 * another page shows when the user moves on, and when a phone on screen changes status (a phone
 * linked while the phones page is open counts at once).
 */
export function GetStartedWidget() {
  const [pathname] = useLocation();
  const progress = useStore($getStarted);
  const statuses = useStore($phones)
    .map((p) => `${p.id}:${p.status}`)
    .join(',');
  const done = progress?.percent === 100;
  useEffect(() => {
    loadGetStarted().catch((e: unknown) => console.warn('get-started', e));
  }, [pathname, done ? '' : statuses]);
  // Leaving the console (a logout) forgets the account's progress, so the next sign-in never sees it.
  useEffect(() => () => $getStarted.set(null), []);
  if (!progress) return null;
  return (
    <Link href="/get-started" className="w-started-widget" aria-current={pathname === '/get-started' ? 'page' : undefined}>
      <span className="w-started-widget__label">Get started</span>
      <Badge tone={progress.percent === 100 ? 'success' : 'danger'}>
        {progress.percent}%
      </Badge>
    </Link>
  );
}
