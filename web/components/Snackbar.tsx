import { Icon } from './Icon';

export interface SnackbarItem {
  id: number;
  text: string;
  tone: 'success' | 'error' | 'info';
}

export interface SnackbarProps {
  items: readonly SnackbarItem[];
  onDismiss: (id: number) => void;
  /** At the bottom (the default) or under the header, off a page's bottom buttons. */
  place?: 'bottom' | 'top';
}

/** Toasts at the bottom of the screen (or the top); a live region announces them (errors assertively). */
export function Snackbar({ items, onDismiss, place = 'bottom' }: SnackbarProps) {
  return (
    <div className={place === 'top' ? 'w-snackbar w-snackbar--top' : 'w-snackbar'}>
      <div className="w-sr-only" role="status" aria-live="polite">
        {items
          .filter((t) => t.tone !== 'error')
          .map((t) => t.text)
          .join(' ')}
      </div>
      <div className="w-sr-only" role="alert">
        {items
          .filter((t) => t.tone === 'error')
          .map((t) => t.text)
          .join(' ')}
      </div>
      {items.map((t) => (
        <div key={t.id} className={`w-toast w-toast--${t.tone}`}>
          <Icon name={t.tone === 'success' ? 'check' : 'alert'} size={18} />
          <span className="w-toast__text">{t.text}</span>
          <button type="button" className="w-toast__close" aria-label="Dismiss" onClick={() => onDismiss(t.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
