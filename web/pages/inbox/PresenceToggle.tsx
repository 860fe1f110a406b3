import type { Presence } from '../../stores/inbox/team-types';

const OPTIONS: { value: Presence; label: string }[] = [
  { value: 'online', label: 'Online' },
  { value: 'busy', label: 'Busy' },
  { value: 'offline', label: 'Offline' },
];

/** The agent's presence in the header: online (gets conversations), busy or offline. */
export function PresenceToggle({ value, onChange }: { value: Presence; onChange: (p: Presence) => void }) {
  return (
    <div className="w-team__presence" role="group" aria-label="Presence">
      {OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          aria-label={o.label}
          title={o.label}
          className={`w-team__status w-team__status--${o.value}`}
          onClick={() => onChange(o.value)}
        >
          <span className="w-team__dot" aria-hidden="true" />
          <span className="w-team__word" aria-hidden="true">
            {o.label}
          </span>
        </button>
      ))}
    </div>
  );
}
