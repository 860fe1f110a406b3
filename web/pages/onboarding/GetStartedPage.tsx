import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../components/Button';
import { Chip } from '../../components/Badge';
import { Loader } from '../../components/Loader';
import { ProgressBar } from '../../components/ProgressBar';
import { $getStarted, openWelcome, type GetStarted } from '../../stores/onboarding';
import { CARD_TEXT, COMPANY_HREF, stepsText } from './get-started-cards';
import './onboarding.css';

type Card = GetStarted['cards'][number];

/** One card: a numbered step with its state, or the guide (documentation) with neither. */
function StartedCard({ card, step, onStartTrial }: { card: Card; step: number | null; onStartTrial: () => void }) {
  const t = CARD_TEXT[card.key];
  return (
    <li className="w-card w-started-card" data-done={card.done === true}>
      <div className="w-started-card__head">
        {step !== null && (
          <span className="w-started-card__step" aria-hidden="true">
            {step}
          </span>
        )}
        <h2 className="w-started-card__title">{t.title}</h2>
        {card.done === null ? (
          <Chip tone="info">Guide</Chip>
        ) : (
          <Chip tone={card.done ? 'success' : 'neutral'}>{card.done ? 'Done' : 'To do'}</Chip>
        )}
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
  /** Opens the welcome modal (the header's widget holds it). */
  onStartTrial: () => void;
}

/**
 * The page's content: how many steps there are and how many are done (the header's percent), then the
 * six cards, the steps numbered and the documentation guide beside them.
 */
export function GetStartedView({ progress, onStartTrial }: GetStartedViewProps) {
  const steps = progress.cards.filter((c) => c.done !== null);
  const done = steps.filter((c) => c.done).length;
  return (
    <div className="w-started">
      <section className="w-card w-started__progress" aria-label="Your progress">
        <p>{stepsText(steps.map((c) => c.key))}</p>
        <ProgressBar
          value={progress.percent}
          label="Get started progress"
          stage={progress.percent === 100 ? 'All set' : `${done} of ${steps.length} steps done`}
        />
      </section>
      <ol className="w-started__cards" aria-label="Getting started">
        {progress.cards.map((c) => (
          <StartedCard
            key={c.key}
            card={c}
            step={c.done === null ? null : steps.indexOf(c) + 1}
            onStartTrial={onStartTrial}
          />
        ))}
      </ol>
    </div>
  );
}

/**
 * /get-started (3-developer §2.7): six cards with their state from the server and the progress over
 * their steps. The header's widget loads the progress on every page change, this page included, and
 * holds the welcome modal that the trial card opens.
 */
export default function GetStartedPage() {
  const progress = useStore($getStarted);
  if (!progress) return <Loader />;
  return <GetStartedView progress={progress} onStartTrial={openWelcome} />;
}
