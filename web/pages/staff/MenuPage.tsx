import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import { STAFF_TABS, staffLevelOf } from '../../../src/shared/staff';
import { $user } from '../../stores/session';

/** `/yta` ("Admin Home"): a card for every tab this staff member may open. */
export default function MenuPage() {
  const level = staffLevelOf(useStore($user));
  const tabs = STAFF_TABS.filter((t) => t.path !== '/yta' && !t.hidden && (level === 'admin' || t.limited));
  return (
    <>
      <h1>Admin Home</h1>
      <div className="staff__grid">
        {tabs.map((t) => (
          <Link key={t.path} href={t.path} className="staff__card">
            {t.label}
          </Link>
        ))}
      </div>
    </>
  );
}
