import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { GET_STARTED_KEYS } from '../../../src/shared/onboarding-keys';
import { Button, buttonClass } from '../../components/Button';
import { Chip } from '../../components/Badge';
import { Loader } from '../../components/Loader';
import { ProgressBar } from '../../components/ProgressBar';
import { $getStarted, startApiTrial, type GetStarted } from '../../stores/onboarding';
import { $user, logout } from '../../stores/session';
import { CARD_TEXT, COMPANY_HREF } from './get-started-cards';
import { WelcomeModal } from './WelcomeModal';
import './onboarding.css';

type Card = GetStarted['cards'][number];

function StartedCard({ card, onStartTrial }: { card: Card; onStartTrial: () => void }) {
  const t = CARD_TEXT[card.key];
  const n = GET_STARTED_KEYS.indexOf(card.key) + 1;
  return (
    <li className="w-card w-started-card" data-done={card.done === true}>
      <div className="w-started-card__head">
        <span className="w-started-card__step" aria-hidden="true">
          {n}
        </span>
        <h2 className="w-started-card__title">{t.title}</h2>
        {card.done !== null && <Chip tone={card.done ? 'success' : 'neutral'}>{card.done ? 'Done' : 'To do'}</Chip>}
      </div>
      <p className="w-muted">{t.text}</p>
      <div className="w-started-card__actions">
        {card.key === 'trial' && !card.done ? (
          <Button size="sm" onClick={onStartTrial}>
            Start Trial
          </Button>
        ) : (
          <Link href={t.href} className={buttonClass(card.done ? 'secondary' : 'primary', { size: 'sm' })}>
            {t.action}
          </Link>
        )}
        {card.key === 'subscribe' && <Link href={COMPANY_HREF}>Company details</Link>}
      </div>
    </li>
  );
}

export interface GetStartedViewProps {
  progress: GetStarted;
  email: string;
  onStartTrial: () => Promise<void>;
  onLogout: () => void;
}

/** The page's content: the progress, the six cards, and the welcome modal while the account has neither a trial nor a plan. */
export function GetStartedView({ progress, email, onStartTrial, onLogout }: GetStartedViewProps) {
  const [dismissed, setDismissed] = useState(false);
  const [asked, setAsked] = useState(false);
  const showWelcome = progress.welcome && (asked || !dismissed);
  const close = () => {
    setDismissed(true);
    setAsked(false);
  };
  return (
    <div className="w-started">
      <section className="w-card w-started__progress" aria-label="Your progress">
        <p>Three steps to your first message: start your trial, connect your phone and send a message.</p>
        <ProgressBar value={progress.percent} label="Get started progress" stage={progress.percent === 100 ? 'All set' : 'Getting started'} />
      </section>
      <ol className="w-started__cards" aria-label="Getting started">
        {progress.cards.map((c) => (
          <StartedCard key={c.key} card={c} onStartTrial={() => setAsked(true)} />
        ))}
      </ol>
      {showWelcome && <WelcomeModal email={email} onClose={close} onStart={onStartTrial} onLogout={onLogout} />}
    </div>
  );
}

/**
 * /get-started (3-developer §2.7): six cards with their state from the server and the progress to the
 * first message. The header's widget loads the progress on every page change, this page included.
 */
export default function GetStartedPage() {
  const progress = useStore($getStarted);
  const user = useStore($user);
  const [, navigate] = useLocation();
  if (!progress || !user) return <Loader />;
  return <GetStartedView progress={progress} email={user.email} onStartTrial={startApiTrial} onLogout={() => void logout().then(() => navigate('/login', { replace: true }))} />;
}
