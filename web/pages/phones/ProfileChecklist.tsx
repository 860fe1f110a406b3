import { useId } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import type { Product, User } from '../../lib/bootstrap';
import type { Phone } from '../../lib/phones';

export interface ChecklistItem {
  key: 'profile' | 'subscribe' | 'phone' | 'activate' | 'agent';
  label: string;
  done: boolean;
  href: string;
}

/** The subscription package whose accounts have no agents (the Agent item is hidden for it). */
const API_PACKAGE = 'api';

/**
 * The profile-completion checklist (2-phones §2.1): profile info (name and phone filled in),
 * subscribe, add the first phone, activate it, add an agent (hidden for the API package).
 * `agents` is the number of agents besides the owner; unknown counts as none.
 */
export function checklistItems(user: User | null, product: Product, phones: readonly Phone[], agents = 0): ChecklistItem[] {
  const subscribed = product.activeSubs.length > 0 || Boolean(product.settings.subscription_package);
  const items: ChecklistItem[] = [
    { key: 'profile', label: 'Complete your profile info', done: Boolean(user?.name?.trim() && user?.phone?.trim()), href: '/settings' },
    { key: 'subscribe', label: 'Subscribe', done: subscribed, href: '/subscription' },
    { key: 'phone', label: 'Add your first phone', done: phones.some((p) => !p.data.sandbox), href: '/phones' },
    { key: 'activate', label: 'Activate your first phone', done: phones.some((p) => p.status === 'active'), href: '/phones' },
    { key: 'agent', label: 'Add an agent', done: agents > 0, href: '/agents' },
  ];
  return product.settings.subscription_package === API_PACKAGE ? items.filter((i) => i.key !== 'agent') : items;
}

/** Whole percent of the items done. */
export function completion(items: readonly ChecklistItem[]): number {
  return items.length ? Math.round((items.filter((i) => i.done).length / items.length) * 100) : 100;
}

/** Profile completion: a percentage (red until 100) and the checklist. */
export function ProfileChecklist({ items }: { items: readonly ChecklistItem[] }) {
  const percent = completion(items);
  const titleId = useId();
  return (
    <section className="w-card w-checklist" aria-labelledby={titleId}>
      <div className="w-checklist__head">
        <h2 className="w-checklist__title" id={titleId}>
          Profile completion
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
