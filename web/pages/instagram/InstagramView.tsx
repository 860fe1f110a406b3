import { INSTAGRAM_MSG } from '../../../src/shared/instagram';
import type { InstagramLoginResponse } from '../../../src/shared/schemas/messaging/instagram';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { usedAccounts } from '../../lib/instagram';
import type { Phone } from '../../lib/phones';
import type { LoginInput } from '../../stores/instagram';
import { ConfirmModal, EnabledErrorModal } from '../phones/PhoneModals';
import { AccountList } from './AccountList';
import { InstagramLimitModal } from './InstagramModals';
import { LoginModal } from './LoginModal';
import './instagram.css';

export type InstagramDialog =
  | null
  | { kind: 'login'; account: Phone }
  | { kind: 'disable'; account: Phone }
  | { kind: 'limit' }
  | { kind: 'enable-error'; message: string };

export interface InstagramViewProps {
  accounts: readonly Phone[];
  limit: number;
  selectedId: number | null;
  dialog: InstagramDialog;
  adding: boolean;
  disabling: boolean;
  error?: string;
  onAdd: () => void;
  onRow: (account: Phone) => void;
  onLogout: (account: Phone) => void;
  onDisable: (account: Phone) => void;
  onConfirmDisable: (account: Phone) => void;
  login: (id: number, input: LoginInput) => Promise<InstagramLoginResponse>;
  onLoggedIn: () => void;
  onClose: () => void;
}

/** The Instagram accounts screen (3-developer §2.4): the list, Add New Accounts with its count, and the four modals. */
export function InstagramView(p: InstagramViewProps) {
  const { dialog } = p;
  return (
    <div className="w-ig">
      <Card
        title="Instagram Accounts"
        description="Log your Instagram accounts in and send and receive their direct messages through the API, like your WhatsApp phones."
      >
        <div className="w-ig__stack">
          <div>
            <Button onClick={p.onAdd} loading={p.adding}>
              <Icon name="plus" size={16} />
              Add New Accounts ({usedAccounts(p.accounts)}/{p.limit})
            </Button>
          </div>
          {p.error && <Alert tone="error">{p.error}</Alert>}
          <AccountList
            accounts={p.accounts}
            selectedId={p.selectedId}
            onRow={p.onRow}
            onLogout={p.onLogout}
            onDisable={p.onDisable}
          />
        </div>
      </Card>
      {dialog?.kind === 'login' && (
        <LoginModal
          username={dialog.account.number}
          login={(input) => p.login(dialog.account.id, input)}
          onLoggedIn={p.onLoggedIn}
          onClose={p.onClose}
        />
      )}
      <ConfirmModal
        open={dialog?.kind === 'disable'}
        title={INSTAGRAM_MSG.disableTitle}
        confirmLabel="Disable"
        danger
        busy={p.disabling}
        onConfirm={() => dialog?.kind === 'disable' && p.onConfirmDisable(dialog.account)}
        onClose={p.onClose}
      >
        <p>{INSTAGRAM_MSG.disableQuestion}</p>
      </ConfirmModal>
      <InstagramLimitModal open={dialog?.kind === 'limit'} onClose={p.onClose} />
      <EnabledErrorModal message={dialog?.kind === 'enable-error' ? dialog.message : ''} onClose={p.onClose} />
    </div>
  );
}
