import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Modal } from '../../components/Modal';
import { DEV_MSG } from '../../lib/dev-messages';
import { SNACKBAR_MS } from '../../lib/developers';
import { useAction } from '../../lib/use-action';
import {
  $connected,
  $detailHook,
  $detailPhone,
  $protection,
  $risk,
  $safety,
  logoutDetailPhone,
  openPhoneDetail,
  saveDetailWebhook,
  saveProtection,
} from '../../stores/phone-detail';
import { $product } from '../../stores/product';
import { showToast } from '../../stores/toasts';
import type { PageProps } from '../page-props';
import { ApiAccess } from './ApiAccess';
import { ChatPanel } from './ChatPanel';
import { ProfileCard } from './ProfileCard';
import { ProtectionSettings } from './ProtectionSettings';
import { SafetyData } from './SafetyData';
import { WebhookEditor } from './WebhookEditor';
import '../developers/developers.css';
import './phone-detail.css';

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

/** /phone-detail/{phone}: one active phone with its info, webhook, API access, safety data and chats. */
export default function PhoneDetailPage({ params }: PageProps) {
  const product = useStore($product);
  const [, navigate] = useLocation();
  const id = Number(params.phone);
  const load = useStore($detailPhone);
  const connected = useStore($connected);
  const safety = useStore($safety);
  const protection = useStore($protection);
  const risk = useStore($risk);
  const hook = useStore($detailHook);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const logout = useAction(
    async (phoneId: number) => {
      await logoutDetailPhone(phoneId);
      setConfirmLogout(false);
      showToast('The phone is logged out.', 'success', SNACKBAR_MS);
      navigate('/');
    },
    { errorText: () => DEV_MSG.logoutFailed },
  );
  useEffect(() => openPhoneDetail(id), [id]);

  if (load.kind === 'loading') return <Loader label="Loading the phone…" />;
  if (load.kind === 'error' || !product) return <PhoneErrorPage />;
  const { phone } = load;

  return (
    <div className="w-pd">
      <Alert tone="info">{DEV_MSG.ownPhoneNotice(String(phone.id))}</Alert>
      <ProfileCard
        phone={phone}
        connected={connected}
        photo={safety?.profile_photo ?? null}
        onLogout={() => setConfirmLogout(true)}
      />
      <ChatPanel phoneId={phone.id} />
      <div className="w-pd-cols">
        <div className="w-dev">
          {hook ? (
            <WebhookEditor
              value={hook.phone}
              productWebhook={hook.product}
              onSave={(webhook) => saveDetailWebhook(phone.id, webhook)}
            />
          ) : (
            <Loader label="Loading the webhook…" />
          )}
          <ApiAccess
            origin={window.location.origin}
            productId={product.id}
            token={product.settings.wapi_token ?? ''}
            phoneId={phone.id}
          />
        </div>
        <div className="w-dev">
          <SafetyData data={safety} protection={protection && { ...protection, ...protection.budgets }} risk={risk} />
          <ProtectionSettings protection={protection} onSave={(patch) => saveProtection(phone.id, patch)} />
        </div>
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
            <Button variant="danger" loading={logout.busy} onClick={() => void logout.run(phone.id)}>
              Logout
            </Button>
          </>
        }
      >
        <p>WhatsApp on this phone is unlinked. Scan a new QR code on the Phones page to connect it again.</p>
        {logout.error && <Alert tone="error">{logout.error}</Alert>}
      </Modal>
    </div>
  );
}
