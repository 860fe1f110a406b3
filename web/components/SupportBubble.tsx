import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from './Icon';

export interface SupportBubbleProps {
  supportEmail: string;
  /** Starts open (stories). */
  defaultOpen?: boolean;
  /** Ends the page instead of floating over it (pages whose controls reach the bottom right). */
  docked?: boolean;
}

/** The floating support button (bottom right, or ending the page when docked) with the contact address. */
export function SupportBubble({ supportEmail, defaultOpen = false, docked = false }: SupportBubbleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className={docked ? 'w-support w-support--docked' : 'w-support'}>
      {open && (
        <div className="w-support__panel" id={panelId} role="dialog" aria-label="Support">
          <p className="w-support__title">Need help?</p>
          <p className="w-support__text">
            Contact us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        className="w-support__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Close support' : 'Support'}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'close' : 'chat'} size={24} />
      </button>
    </div>
  );
}
