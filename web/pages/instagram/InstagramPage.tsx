import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Loader } from '../../components/Loader';
import { getConfig } from '../../lib/bootstrap';
import { inClosedBeta, rowClick, usedAccounts } from '../../lib/instagram';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/messaging-api';
import type { Phone } from '../../lib/phones';
import {
  $igAccounts,
  $igError,
  $igSelectedId,
  addInstagramAccount,
  disableInstagram,
  enableInstagram,
  loginInstagram,
  logoutInstagram,
  refreshInstagramStatus,
  watchInstagram,
} from '../../stores/instagram';
import { $product } from '../../stores/product';
import { showToast } from '../../stores/toasts';
import { InstagramView, type InstagramDialog } from './InstagramView';
import { ClosedBeta } from './InstagramModals';

/** /instagram: the product's Instagram accounts (3-developer §2.4). */
export default function InstagramPage() {
  const product = useStore($product);
  const accounts = useStore($igAccounts);
  const error = useStore($igError);
  const selectedId = useStore($igSelectedId);
  const [dialog, setDialog] = useState<InstagramDialog>(null);
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState(false);
  useEffect(watchInstagram, []);
  if (!product) return null;
  if (inClosedBeta(product.settings)) return <ClosedBeta email={getConfig().supportEmail} />;
  if (!accounts) return error ? <InstagramViewError error={error} /> : <Loader label="Loading Instagram accounts…" />;
  const limit = Number(product.settings.instagram_limit ?? 0);
  const fail = (e: unknown) => showToast(errorMessage(e), 'error');

  const add = async () => {
    if (usedAccounts(accounts) >= limit) return setDialog({ kind: 'limit' });
    setAdding(true);
    try {
      const id = await addInstagramAccount();
      const added = $igAccounts.get()?.find((a) => a.id === id);
      if (added) setDialog({ kind: 'login', account: added });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'PHONE_LIMIT') setDialog({ kind: 'limit' });
      else fail(e);
    } finally {
      setAdding(false);
    }
  };
  const onRow = (account: Phone) => {
    switch (rowClick(account)) {
      case 'nothing':
        return;
      case 'enable':
        return void enableInstagram(account.id).catch((e: unknown) =>
          setDialog({ kind: 'enable-error', message: errorMessage(e) }),
        );
      case 'select':
        return void refreshInstagramStatus(account.id).catch(fail);
      case 'login':
        return setDialog({ kind: 'login', account });
    }
  };
  const confirmDisable = async (account: Phone) => {
    setDisabling(true);
    try {
      await disableInstagram(account.id);
      setDialog(null);
    } catch (e) {
      fail(e);
    } finally {
      setDisabling(false);
    }
  };
  return (
    <InstagramView
      accounts={accounts}
      limit={limit}
      selectedId={selectedId}
      dialog={dialog}
      adding={adding}
      disabling={disabling}
      error={error}
      onAdd={() => void add()}
      onRow={onRow}
      onLogout={(a) => void logoutInstagram(a.id).catch(fail)}
      onDisable={(account) => setDialog({ kind: 'disable', account })}
      onConfirmDisable={(a) => void confirmDisable(a)}
      login={loginInstagram}
      onLoggedIn={() => setDialog(null)}
      onClose={() => setDialog(null)}
    />
  );
}

function InstagramViewError({ error }: { error: string }) {
  return (
    <p role="alert" className="w-muted">
      {error}
    </p>
  );
}
