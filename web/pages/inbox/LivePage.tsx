import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { BrandMark } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { brandName, getConfig } from '../../lib/bootstrap';
import { $inboxAgent, loadInboxAgent, inboxLogout } from '../../stores/inbox-agent';
import { $user } from '../../stores/session';
import { $presence, setPresence } from '../../stores/inbox/team';
import { $toasts, dismissToast } from '../../stores/toasts';
import { Snackbar } from '../../components/Snackbar';
import { Inbox } from './Inbox';
import { PresenceToggle } from './PresenceToggle';

/** /live: the agent chat app; an agent's own session, or the account owner signed in to the console. */
export default function LivePage() {
  const agent = useStore($inboxAgent);
  const user = useStore($user);
  const presence = useStore($presence);
  const toasts = useStore($toasts);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (agent === undefined) void loadInboxAgent();
  }, [agent]);
  if (agent === undefined) return <Loader />;
  if (!agent && !user) return <Redirect to="/live/login" replace />;
  const email = agent?.email ?? user?.email ?? '';
  const brand = brandName(getConfig().brand);
  return (
    <div className="w-live">
      <header className="w-header w-live__bar">
        <span className="w-brand">
          <BrandMark />
          {brand}
        </span>
        <h1 className="w-live__title">Live Chat</h1>
        <PresenceToggle value={presence} onChange={(p) => void setPresence(p)} />
        <div className="w-header__user">
          <span className="w-header__email">{email}</span>
          <span className="w-avatar" aria-hidden="true">
            {email.slice(0, 1).toUpperCase()}
          </span>
        </div>
        {agent && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void inboxLogout().then(() => navigate('/live/login', { replace: true }))}
          >
            Logout
          </Button>
        )}
      </header>
      <main className="w-live__main">
        {agent && !agent.chat ? <Alert tone="error">{agent.message ?? ''}</Alert> : <Inbox />}
      </main>
      {/* The console's toasts (a mention of this agent), as the signed-in pages show them. */}
      <Snackbar items={toasts} onDismiss={dismissToast} />
    </div>
  );
}
