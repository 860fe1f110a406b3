import { INSTAGRAM_MSG } from '../../../src/shared/instagram';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import {
  instagramStatusLabel,
  instagramStatusTone,
  logoutDisabled,
  SCROLL_ABOVE,
  showsDisable,
} from '../../lib/instagram';
import type { Phone } from '../../lib/phones';

export interface AccountListProps {
  accounts: readonly Phone[];
  selectedId: number | null;
  onRow: (account: Phone) => void;
  onLogout: (account: Phone) => void;
  onDisable: (account: Phone) => void;
}

/** The registered accounts (3-developer §2.4): a row per account, scrolling past six. */
export function AccountList({ accounts, selectedId, onRow, onLogout, onDisable }: AccountListProps) {
  if (accounts.length === 0) return <p className="w-muted">{INSTAGRAM_MSG.empty}</p>;
  return (
    <ul
      className="w-ig__list"
      data-scroll={accounts.length > SCROLL_ABOVE || undefined}
      aria-label="Instagram accounts"
    >
      {accounts.map((a) => (
        <li key={a.id} className="w-ig__row" data-selected={a.id === selectedId || undefined}>
          <button
            type="button"
            className="w-ig__pick"
            onClick={() => onRow(a)}
            aria-label={`${a.number || `Account ${a.id}`}: ${instagramStatusLabel(a.status)}`}
          >
            <span className="w-ig__name">{a.number || `Account ${a.id}`}</span>
            <span className="w-muted">ID {a.id}</span>
            <Chip tone={instagramStatusTone(a.status)} dot>
              {instagramStatusLabel(a.status)}
            </Chip>
          </button>
          <span className="w-ig__actions">
            <Button size="sm" variant="secondary" disabled={logoutDisabled(a.status)} onClick={() => onLogout(a)}>
              Logout
            </Button>
            {showsDisable(a.status) && (
              <Button size="sm" variant="ghost" onClick={() => onDisable(a)}>
                Disable
              </Button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
