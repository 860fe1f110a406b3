import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Modal } from '../../components/Modal';
import { DEV_MSG } from '../../lib/dev-messages';
import { listPhones, logoutPhone, phoneConfig, phoneSafety, phoneStatus, productData, setPhoneWebhook, type PhoneSafety } from '../../lib/developer-api';
import { isConnected, SNACKBAR_MS } from '../../lib/developers';
import type { Phone } from '../../lib/phones';
import { useInterval } from '../../lib/use-timers';
import { $product } from '../../stores/product';
import { showToast } from '../../stores/toasts';
import type { PageProps } from '../page-props';
import { ApiAccess } from './ApiAccess';
import { ChatPanel } from './ChatPanel';
import { ProfileCard } from './ProfileCard';
import { SafetyData } from './SafetyData';
import { WebhookEditor } from './WebhookEditor';
import '../developers/developers.css';
import './phone-detail.css';

/** The Connected chip is checked this often (2-phones §4.2: status poll of an active phone). */
export const CONNECTION_POLL_MS = 20_000;

/** The error page of a phone that is not the user's or not active (3-developer §8). */
export function PhoneErrorPage() {
  return (
    <section className="w-card w-pd-error" role="alert">
      <Icon name="alert" size={40} />
      <h2 className="w-status__title">{DEV_MSG.phoneErrorTitle}</h2>
      <p className="w-muted">{DEV_MSG.phoneErrorText}</p>
      <Link className={buttonClass('primary')} href="/">
        {DEV_MSG.goToHomepage}
      </Link>
    </section>
  );
}

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; phone: Phone };

/** /phone-detail/{phone}: one active phone with its info, webhook, API access, safety data and chats. */
export default function PhoneDetailPage({ params }: PageProps) {
  const product = useStore($product);
  const [, navigate] = useLocation();
  const id = Number(params.phone);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [connected, setConnected] = useState<boolean | null>(null);
  const [safety, setSafety] = useState<PhoneSafety | null>(null);
  const [hook, setHook] = useState<{ phone: string; product: string } | null>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutError, setLogoutError] = useState('');

  useEffect(() => {
    setLoad({ kind: 'loading' });
    if (!Number.isInteger(id) || id <= 0) return setLoad({ kind: 'error' });
    let live = true;
    listPhones()
      .then((list) => {
        const phone = list.find((p) => p.id === id);
        if (live) setLoad(phone?.status === 'active' ? { kind: 'ready', phone } : { kind: 'error' });
      })
      .catch(() => live && setLoad({ kind: 'error' }));
    return () => void (live = false);
  }, [id]);

  const ready = load.kind === 'ready';
  const checkConnection = () =>
    phoneStatus(id)
      .then((s) => setConnected(isConnected(s.status)))
      .catch(() => setConnected(false));
  useEffect(() => {
    if (!ready) return;
    void checkConnection();
    phoneSafety(id)
      .then(setSafety)
      .catch((e: unknown) => console.warn('safety', e));
    Promise.all([phoneConfig(id), productData()])
      .then(([config, data]) => setHook({ phone: config.webhook, product: data.webhook }))
      .catch((e: unknown) => console.warn('webhook', e));
  }, [ready, id]);
  useInterval(() => void checkConnection(), ready ? CONNECTION_POLL_MS : null);

  if (load.kind === 'loading') return <Loader label="Loading the phone…" />;
  if (load.kind === 'error' || !product) return <PhoneErrorPage />;
  const { phone } = load;

  const logout = async () => {
    setLoggingOut(true);
    setLogoutError('');
    try {
      await logoutPhone(phone.id);
      setConfirmLogout(false);
      showToast('The phone is logged out.', 'success', SNACKBAR_MS);
      navigate('/');
    } catch {
      setLogoutError(DEV_MSG.logoutFailed);
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <div className="w-pd">
      <Alert tone="info">{DEV_MSG.ownPhoneNotice(String(phone.id))}</Alert>
      <ProfileCard phone={phone} connected={connected} photo={safety?.profile_photo ?? null} onLogout={() => setConfirmLogout(true)} />
      <ChatPanel phoneId={phone.id} />
      <div className="w-pd-cols">
        <div className="w-dev">
          {hook ? (
            <WebhookEditor
              value={hook.phone}
              productWebhook={hook.product}
              onSave={async (webhook) => {
                const saved = await setPhoneWebhook(phone.id, webhook);
                setHook({ ...hook, phone: saved.webhook });
              }}
            />
          ) : (
            <Loader label="Loading the webhook…" />
          )}
          <ApiAccess origin={window.location.origin} productId={product.id} token={product.settings.wapi_token ?? ''} phoneId={phone.id} />
        </div>
        <SafetyData data={safety} />
      </div>
      <Modal
        open={confirmLogout}
        kind="alert"
        title="Logout"
        onClose={() => setConfirmLogout(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmLogout(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={loggingOut} onClick={() => void logout()}>
              Logout
            </Button>
          </>
        }
      >
        <p>WhatsApp on this phone is unlinked. Scan a new QR code on the Phones page to connect it again.</p>
        {logoutError && <Alert tone="error">{logoutError}</Alert>}
      </Modal>
    </div>
  );
}
