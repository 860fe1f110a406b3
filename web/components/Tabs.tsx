import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import { useScrollCue } from '../lib/use-scroll-cue';

interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
}

export interface TabsProps<V extends string> {
  /** The tab list's accessible name. */
  label: string;
  value: V;
  tabs: readonly TabItem<V>[];
  onChange: (value: V) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): arrows, Home and End move between tabs and
 * select them; Tab goes into the panel. On a narrow screen the bar scrolls sideways, its edge faded
 * while more tabs lie past it.
 */
export function Tabs<V extends string>({ label, value, tabs, onChange, children }: TabsProps<V>) {
  const id = useId();
  const list = useScrollCue<HTMLDivElement>();
  const at = Math.max(
    0,
    tabs.findIndex((t) => t.value === value),
  );
  // The selected tab is scrolled into the bar (not the page) when a narrow bar has it past an edge.
  useEffect(() => {
    const bar = list.current;
    const tab = bar?.querySelectorAll<HTMLElement>('[role="tab"]')[at];
    if (!bar || !tab) return;
    if (tab.offsetLeft < bar.scrollLeft) bar.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > bar.scrollLeft + bar.clientWidth)
      bar.scrollLeft = tab.offsetLeft + tab.offsetWidth - bar.clientWidth;
  }, [at, list]);
  const go = (i: number) => {
    const next = tabs[(i + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[(i + tabs.length) % tabs.length]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(at + 1),
      ArrowLeft: () => go(at - 1),
      Home: () => go(0),
      End: () => go(tabs.length - 1),
    };
    const handler = keys[e.key];
    if (!handler) return;
    e.preventDefault();
    handler();
  };
  return (
    <div className="w-tabs">
      <div className="w-tabs__list w-scroll-cue" role="tablist" aria-label={label} ref={list} onKeyDown={onKey}>
        {tabs.map((t, i) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`${id}-tab-${t.value}`}
            aria-selected={i === at}
            aria-controls={`${id}-panel`}
            tabIndex={i === at ? 0 : -1}
            className="w-tabs__tab"
            onClick={() => onChange(t.value)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        className="w-tabs__panel"
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tabs[at]?.value ?? ''}`}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
