import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, type IconName } from './Icon';

interface MenuItem {
  label: string;
  onSelect: () => void;
  icon?: IconName;
  disabled?: boolean;
  tone?: 'danger';
}

export interface MenuProps {
  /** The accessible name of the button that opens the menu. */
  label: string;
  items: readonly MenuItem[];
  /** Text shown on the button; without it the button shows the "more" icon only. */
  text?: string;
  align?: 'start' | 'end';
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item; arrows,
 * Home and End move; Escape closes it and returns to the button; Tab or a click outside closes it.
 */
export function Menu({ label, items, text, align = 'end' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const enabled = items.map((it, i) => (it.disabled ? -1 : i)).filter((i) => i >= 0);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const move = (delta: number) => {
    const at = enabled.indexOf(active);
    setActive(enabled[(at + delta + enabled.length) % enabled.length] ?? 0);
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Home: () => setActive(enabled[0] ?? 0),
      End: () => setActive(enabled.at(-1) ?? 0),
      Escape: () => close(true),
      Tab: () => close(false),
    };
    const handler = keys[e.key];
    if (!handler) return;
    if (e.key !== 'Tab') e.preventDefault();
    handler();
  };

  return (
    <div className={`w-menu w-menu--${align}`} ref={root}>
      <button
        ref={button}
        type="button"
        className={text ? 'w-btn w-btn--secondary w-btn--sm' : 'w-icon-btn'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={text ? undefined : label}
        onClick={() => (open ? close(false) : show(enabled[0] ?? 0))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            show((e.key === 'ArrowDown' ? enabled[0] : enabled.at(-1)) ?? 0);
          }
        }}
      >
        {text ?? <Icon name="more" />}
        {text && <Icon name="chevron" size={16} />}
      </button>
      {open && (
        <ul className="w-menu__list" role="menu" id={id} aria-label={label} onKeyDown={onMenuKey}>
          {items.map((it, i) => (
            <li key={it.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={i === active ? 0 : -1}
                className={`w-menu__item${it.tone === 'danger' ? ' w-menu__item--danger' : ''}`}
                aria-disabled={it.disabled || undefined}
                onClick={() => {
                  if (it.disabled) return;
                  close(true);
                  it.onSelect();
                }}
              >
                {it.icon && <Icon name={it.icon} size={18} />}
                {it.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
