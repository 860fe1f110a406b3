import { useId } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import type { GetStartedKey } from '../../../src/shared/onboarding-keys';
import type { Onboarding } from '../../stores/billing';
import type { GetStarted } from '../../stores/onboarding';
import { CARD_TEXT } from '../onboarding/get-started-cards';

type StepKey = Onboarding['steps'][number]['key'];

export interface ChecklistItem {
  key: StepKey | GetStartedKey;
  label: string;
  done: boolean;
  href: string;
}

const STEPS: Record<StepKey, { label: string; href: string }> = {
  profile: { label: 'Complete your profile info', href: '/settings' },
  subscribe: { label: 'Subscribe', href: '/subscription' },
  phone: { label: 'Add your first phone', href: '/phones' },
  pair: { label: 'Activate your first phone', href: '/phones' },
  agent: { label: 'Add an agent', href: '/agents' },
  webhook: { label: 'Set your webhook', href: '/developers/webhook' },
};

/**
 * The profile-completion checklist (2-phones §2.1, 1-console §4) from the server's onboarding steps:
 * profile (name, company and phone), subscribe, add the first phone, pair it, then an agent for live
 * packages or a webhook for API packages.
 */
export function checklistItems(steps: Onboarding['steps']): ChecklistItem[] {
  return steps.map((s) => ({ key: s.key, done: s.done, ...STEPS[s.key] }));
}

/**
 * The get-started steps the progress counts (every card but the documentation guide), in the cards'
 * order: the Phones page's checklist shows the same steps and the same percentage as the header's
 * badge and /get-started, so the console has one onboarding percentage.
 */
export function getStartedItems(cards: GetStarted['cards']): ChecklistItem[] {
  return cards.flatMap((c) =>
    c.done === null ? [] : [{ key: c.key, done: c.done, label: CARD_TEXT[c.key].title, href: CARD_TEXT[c.key].href }],
  );
}

/** The onboarding progress: the server's percentage (red until 100), its steps, and a link to /get-started. */
export function ProfileChecklist({
  items,
  percent,
  title = 'Get started',
}: {
  items: readonly ChecklistItem[];
  percent: number;
  title?: string;
}) {
  const titleId = useId();
  return (
    <section className="w-card w-checklist" aria-labelledby={titleId}>
      <div className="w-checklist__head">
        <h2 className="w-checklist__title" id={titleId}>
          <Link href="/get-started">{title}</Link>
        </h2>
        <Badge tone={percent === 100 ? 'success' : 'danger'}>{percent}%</Badge>
      </div>
      <ul className="w-checklist__items">
        {items.map((i) => (
          <li key={i.key} data-done={i.done}>
            <span className="w-checklist__mark" aria-hidden="true">
              {i.done && <Icon name="check" size={14} />}
            </span>
            {i.done ? <span>{i.label}</span> : <Link href={i.href}>{i.label}</Link>}
            <span className="w-sr-only">{i.done ? '(done)' : '(to do)'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
