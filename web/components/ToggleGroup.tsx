import type { ReactNode } from 'react';
import { useScrollCue } from '../lib/use-scroll-cue';
import { Icon, type IconName } from './Icon';

interface ToggleOption<V extends string> {
  value: V;
  label: ReactNode;
  icon?: IconName;
}

export interface ToggleGroupProps<V extends string> {
  /** The group's accessible name. */
  label: string;
  value: V;
  options: readonly ToggleOption<V>[];
  onChange: (value: V) => void;
}

/** Mutually exclusive toggle buttons (aria-pressed) in one segmented control; too wide for the screen, it scrolls with a faded edge. */
export function ToggleGroup<V extends string>({ label, value, options, onChange }: ToggleGroupProps<V>) {
  const box = useScrollCue<HTMLDivElement>();
  return (
    <div className="w-toggle w-scroll-cue" role="group" aria-label={label} ref={box}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className="w-toggle__btn"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.icon && <Icon name={o.icon} size={16} />}
          {o.label}
        </button>
      ))}
    </div>
  );
}
