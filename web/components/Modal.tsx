import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './Icon';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** `alert` for confirmations and errors that need an answer (role alertdialog). */
  kind?: 'dialog' | 'alert';
  size?: 'sm' | 'md';
}

/**
 * A modal dialog on the native `<dialog>`: the browser keeps focus inside, makes the page behind it
 * inert, closes on Escape and gives focus back to the opener. A click on the backdrop closes it too.
 * On opening, focus goes to the element marked `data-autofocus`, else to the dialog's box.
 */
export function Modal({ open, title, onClose, children, footer, kind = 'dialog', size = 'sm' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // The field marked data-autofocus, else the dialog itself (not its Close button) takes focus.
      (d.querySelector<HTMLElement>('[data-autofocus]') ?? d.querySelector<HTMLElement>('.w-modal__box'))?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`w-modal w-modal--${size}`}
      role={kind === 'alert' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === ref.current && onClose()}
    >
      {open && (
        <div className="w-modal__box" tabIndex={-1}>
          <div className="w-modal__head">
            <h2 className="w-modal__title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="w-modal__close" aria-label="Close" onClick={onClose}>
              <Icon name="close" size={18} />
            </button>
          </div>
          <div className="w-modal__body">{children}</div>
          {footer && <div className="w-modal__foot">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
