import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { getConfig } from '../../lib/bootstrap';
import { errorMessage, MessagingError, screenUrl, visitorCountry } from '../../lib/messaging-api';
import { PHONE_MSG } from '../../lib/phone-messages';
import { countedPhones, isStarting, partnerModeOf, proxyOffered, regionOf, type Phone, type Region } from '../../lib/phones';
import {
  $phones,
  $phonesError,
  $phonesLoaded,
  $progress,
  $qr,
  $queues,
  $screenStamp,
  $selected,
  addPhone,
  addSandbox,
  changeMode,
  connectWithNumber,
  disablePhone,
  enablePhone,
  fetchQr,
  loadPhones,
  loadQueues,
  logoutPhone,
  markScreenLoaded,
  pokeStatus,
  redeploySelected,
  refreshScreen,
  runPhoneAction,
  selectPhone,
  sendTestMessage,
  setMobileProxy,
  setPhoneName,
  watchPhone,
} from '../../stores/phones';
import { $product } from '../../stores/product';
import { $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { AddPhoneButton } from './AddPhoneButton';
import { ChangeName } from './ChangeName';
import { ConnectWithPhoneNumber } from './ConnectWithPhoneNumber';
import { MobileProxy } from './MobileProxy';
import { Notices } from './Notices';
import { PartnerMode } from './PartnerMode';
import { PhoneDetail, type DetailView } from './PhoneDetail';
import type { MenuAction } from './PhoneHeader';
import { PhoneList } from './PhoneList';
import { ConfirmModal, EnabledErrorModal, HowToConnectModal, PhoneLimitModal } from './PhoneModals';
import { checklistItems, ProfileChecklist } from './ProfileChecklist';
import { SendTestMessage } from './SendTestMessage';
import './phones.css';

/** The list (and queues) reload this often so other phones' statuses stay fresh (ours). */
export const PHONE_LIST_REFRESH_MS = 20_000;

type Confirm = { action: 'factoryreset' | 'logout' | 'disable'; phone: Phone } | null;

const CONFIRM_TEXT: Record<NonNullable<Confirm>['action'], { title: string; text: string; label: string }> = {
  factoryreset: {
    title: 'Factory Reset',
    text: 'The phone goes back to a new instance: its login, chats and queued messages are cleared. You will scan a QR code again.',
    label: 'Factory Reset',
  },
  logout: { title: 'Logout', text: 'WhatsApp on this phone is unlinked. Scan a new QR code to connect it again.', label: 'Logout' },
  disable: { title: 'Disable phone', text: 'The phone stops and no longer counts against your phone limit. You can enable it again later.', label: 'Disable' },
};

/** Copies a phone's screen URL, telling the user how it went. */
async function copyScreenUrl(phone: Phone): Promise<void> {
  const url = screenUrl(phone.id, undefined, window.location.origin);
  try {
    await navigator.clipboard.writeText(url);
    showToast(PHONE_MSG.copied, 'success');
  } catch {
    showToast(`${PHONE_MSG.copyFailed} ${url}`, 'error');
  }
}

/** Runs an action, showing its failure (the server's message) in a toast. */
async function attempt(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (e) {
    showToast(errorMessage(e), 'error');
  }
}

/** `/` and `/phones`: Manage Phones. */
export default function PhonesPage() {
  const product = useStore($product);
  const user = useStore($user);
  const phones = useStore($phones);
  const loaded = useStore($phonesLoaded);
  const listError = useStore($phonesError);
  const queues = useStore($queues);
  const selected = useStore($selected);
  const progress = useStore($progress);
  const qr = useStore($qr);
  const stamp = useStore($screenStamp);
  const [region, setRegion] = useState<Region | null>(null);
  const [adding, setAdding] = useState(false);
  const [addedId, setAddedId] = useState<number | null>(null);
  const [sandboxBusy, setSandboxBusy] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const [enableError, setEnableError] = useState('');
  const [howTo, setHowTo] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [pairing, setPairing] = useState<{ id: number; code: string } | null>(null);
  // An active phone shows the live screen, any other the QR view (2-phones §2.1); the toggle can override.
  const isActive = selected?.status === 'active';
  const [view, setView] = useState<DetailView>(isActive ? 'screen' : 'qr');

  useEffect(() => {
    void loadPhones();
    void loadQueues();
    const timer = setInterval(() => {
      void loadPhones();
      void loadQueues();
    }, PHONE_LIST_REFRESH_MS);
    visitorCountry()
      .then((c) => setRegion(regionOf(c)))
      .catch((e: unknown) => console.warn('location', e));
    return () => clearInterval(timer);
  }, []);
  const selectedId = selected?.id;
  useEffect(() => (selectedId === undefined ? undefined : watchPhone(selectedId)), [selectedId]);
  useEffect(() => setView(isActive ? 'screen' : 'qr'), [selectedId, isActive]);

  if (!product) return null;
  const partner = Boolean(product.settings.partner);
  const limit = Number(product.settings.phone_limit ?? 0) || 0;
  const hasSandbox = phones.some((p) => p.data.sandbox);
  const newPhoneStarting = selected !== null && selected.id === addedId && (isStarting(selected.status) || (selected.status === 'qr-screen' && qr.kind !== 'ready'));

  const add = async () => {
    setAdding(true);
    try {
      await addPhone();
      setAddedId($selected.get()?.id ?? null);
    } catch (e) {
      if (e instanceof MessagingError && e.code === 'PHONE_LIMIT') setLimitOpen(true);
      else showToast(errorMessage(e), 'error');
    } finally {
      setAdding(false);
    }
  };
  const sandbox = async () => {
    setSandboxBusy(true);
    await attempt(async () => {
      await addSandbox();
      showToast('The sandbox phone is added.', 'success');
    });
    setSandboxBusy(false);
  };
  const enable = async (phone: Phone) => {
    try {
      selectPhone(phone.id);
      const message = await enablePhone(phone.id);
      showToast(message || 'The phone is enabled.', 'success');
    } catch (e) {
      setEnableError(errorMessage(e));
    }
  };
  const onAction = (phone: Phone, action: MenuAction) => {
    if (action === 'factoryreset' || action === 'logout') return setConfirm({ action, phone });
    void attempt(async () => showToast((await runPhoneAction(phone.id, action)) || 'Done.', 'success'));
  };
  const confirmed = async () => {
    if (!confirm) return;
    setConfirmBusy(true);
    const { action, phone } = confirm;
    await attempt(async () => {
      if (action === 'logout') {
        await logoutPhone(phone.id);
        setView('qr');
        showToast('The phone is logged out.', 'success');
      } else if (action === 'disable') {
        await disablePhone(phone.id);
        showToast('The phone is disabled.', 'success');
      } else showToast(await runPhoneAction(phone.id, 'factoryreset'), 'success');
    });
    setConfirmBusy(false);
    setConfirm(null);
  };

  const detail = selected && (
    <PhoneDetail
      phone={selected}
      status={selected.status}
      queue={queues[selected.id] ?? selected.queue}
      view={view}
      onViewChange={setView}
      screenSrc={screenUrl(selected.id, stamp)}
      onScreenLoad={markScreenLoaded}
      onScreenRefresh={refreshScreen}
      progress={progress}
      qr={qr}
      onQrRefresh={() => {
        refreshScreen();
        void fetchQr(selected.id);
      }}
      onQrRetry={() => void fetchQr(selected.id)}
      pairingCode={pairing?.id === selected.id ? pairing.code : undefined}
      onCopyUrl={() => void copyScreenUrl(selected)}
      onRefresh={() => {
        refreshScreen();
        pokeStatus();
      }}
      onAction={(a) => onAction(selected, a)}
      mode={
        partner ? (
          <PartnerMode mode={partnerModeOf(selected)} disabled={selected.status === 'disabled'} onChange={(m) => changeMode(selected.id, m)} />
        ) : undefined
      }
      notice={
        selected.status === 'disabled' ? (
          <Alert tone="info">
            {partner ? (
              PHONE_MSG.partnerEnable
            ) : (
              <span className="w-inline-action">
                This phone is disabled.
                <Button size="sm" onClick={() => void enable(selected)}>
                  Enable
                </Button>
              </span>
            )}
          </Alert>
        ) : undefined
      }
    >
      <div className="w-tools">
        <div className="w-tools__block">
          <h3 className="w-panel-title">Name</h3>
          <ChangeName key={selected.id} name={selected.name} onSave={(name) => setPhoneName(selected.id, name)} />
        </div>
        {selected.status !== 'disabled' && (!partner || proxyOffered(selected)) && (
          <div className="w-tools__block">
            <h3 className="w-panel-title">Connection</h3>
            <div className="w-tools__buttons">
              {proxyOffered(selected) && <MobileProxy region={region} onSubmit={(c) => setMobileProxy(selected.id, c)} />}
              {!partner && selected.status !== 'active' && (
                <ConnectWithPhoneNumber
                  key={selected.id}
                  onConnect={async (n) => {
                    const code = await connectWithNumber(selected.id, n);
                    setPairing({ id: selected.id, code });
                    return code;
                  }}
                />
              )}
              {selected.status === 'active' && <p className="w-muted">The phone is connected. Log it out from the menu to link another account.</p>}
            </div>
          </div>
        )}
        <div className="w-tools__block w-tools__block--wide">
          <h3 className="w-panel-title">Send Test Message</h3>
          <SendTestMessage key={selected.id} status={selected.status} onSend={(to, text) => sendTestMessage(selected.id, to, text)} />
        </div>
      </div>
    </PhoneDetail>
  );

  return (
    <div className="w-phones">
      <Notices adding={adding || newPhoneStarting} region={region} supportEmail={getConfig().supportEmail} />
      <ProfileChecklist items={checklistItems(user, product, phones)} />
      <div className="w-phones__grid">
        <section className="w-card w-phones__side" aria-labelledby="w-phones-title">
          <div className="w-phones__side-head">
            <h2 className="w-card__title" id="w-phones-title">
              Your phones
            </h2>
            <AddPhoneButton current={countedPhones(phones)} total={limit} adding={adding} onAdd={() => void add()} />
          </div>
          {listError && <Alert tone="error">{listError}</Alert>}
          {loaded ? (
            <PhoneList
              phones={phones}
              queues={queues}
              selectedId={selected?.id ?? null}
              onSelect={selectPhone}
              partner={partner}
              bulk={Boolean(user?.extra?.isRocket)}
              onBulkRedeploy={(ids) => attempt(async () => showToast(`Redeploying ${await redeploySelected(ids)} phones.`, 'success'))}
              onDisable={(p) => setConfirm({ action: 'disable', phone: p })}
              onEnable={(p) => void enable(p)}
              onCopyUrl={(p) => void copyScreenUrl(p)}
            />
          ) : (
            <Loader label="Loading phones…" />
          )}
          <div className="w-phones__links">
            {!partner && !hasSandbox && (
              <Button variant="ghost" size="sm" loading={sandboxBusy} onClick={() => void sandbox()}>
                <Icon name="box" size={16} />
                Add Sandbox
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => setHowTo(true)}>
              <Icon name="play" size={16} />
              How to Connect Phone
            </Button>
            <Link href="/developers/wp_postman_documentation" className={buttonClass('ghost', { size: 'sm' })}>
              <Icon name="download" size={16} />
              Download and Go-to Postman collection
            </Link>
          </div>
        </section>
        {detail ||
          (loaded && (
            <section className="w-card w-phone w-phone--empty">
              <Icon name="phone" size={40} />
              <h2 className="w-card__title">Connect your first phone</h2>
              <p className="w-muted">Add a phone, then scan its QR code with WhatsApp on your phone. It takes about a minute.</p>
              <AddPhoneButton current={countedPhones(phones)} total={limit} adding={adding} onAdd={() => void add()} />
            </section>
          ))}
      </div>
      <PhoneLimitModal open={limitOpen} onClose={() => setLimitOpen(false)} />
      <EnabledErrorModal message={enableError} onClose={() => setEnableError('')} />
      <HowToConnectModal open={howTo} onClose={() => setHowTo(false)} />
      <ConfirmModal
        open={confirm !== null}
        title={confirm ? CONFIRM_TEXT[confirm.action].title : ''}
        confirmLabel={confirm ? CONFIRM_TEXT[confirm.action].label : ''}
        danger
        busy={confirmBusy}
        onConfirm={() => void confirmed()}
        onClose={() => setConfirm(null)}
      >
        <p>{confirm && CONFIRM_TEXT[confirm.action].text}</p>
      </ConfirmModal>
    </div>
  );
}
