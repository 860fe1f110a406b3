import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Icon } from '../../components/Icon';
import { getConfig } from '../../lib/bootstrap';
import { countedPhones, isStarting } from '../../lib/phones';
import { $getStarted } from '../../stores/onboarding';
import { $qr, watchPhone } from '../../stores/phone-watch';
import { $phones, $phonesLoaded, $selected } from '../../stores/phones';
import { $addedId, $adding, $region, addPhoneFromPage, watchPhoneList } from '../../stores/phones-page';
import { $product } from '../../stores/product';
import { AddCloudPhone } from './AddCloudPhone';
import { AddPhoneButton } from './AddPhoneButton';
import { Notices } from './Notices';
import { PhonesDialogs } from './PhonesDialogs';
import { PhonesSide } from './PhonesSide';
import { getStartedItems, ProfileChecklist } from './ProfileChecklist';
import { SelectedPhone } from './SelectedPhone';
import './phones.css';

/** `/` and `/phones`: Manage Phones. */
export default function PhonesPage() {
  const product = useStore($product);
  const phones = useStore($phones);
  const loaded = useStore($phonesLoaded);
  const selected = useStore($selected);
  const qr = useStore($qr);
  const region = useStore($region);
  const adding = useStore($adding);
  const addedId = useStore($addedId);
  // The header's get-started progress (reloaded on every page and phone status change): one percentage.
  const progress = useStore($getStarted);
  useEffect(watchPhoneList, []);
  const selectedId = selected?.id;
  useEffect(() => (selectedId === undefined ? undefined : watchPhone(selectedId)), [selectedId]);

  if (!product) return null;
  const partner = Boolean(product.settings.partner);
  const limit = Number(product.settings.phone_limit ?? 0) || 0;
  const newPhoneStarting =
    selected !== null &&
    selected.id === addedId &&
    (isStarting(selected.status) || (selected.status === 'qr-screen' && qr.kind !== 'ready'));

  return (
    <div className="w-phones">
      <Notices adding={adding || newPhoneStarting} region={region} supportEmail={getConfig().supportEmail} />
      {progress && <ProfileChecklist items={getStartedItems(progress.cards)} percent={progress.percent} />}
      <div className="w-phones__grid">
        <PhonesSide partner={partner} limit={limit} />
        {selected ? (
          <SelectedPhone phone={selected} partner={partner} />
        ) : (
          loaded && (
            <section className="w-card w-phone w-phone--empty">
              <Icon name="phone" size={40} />
              <h2 className="w-card__title">Connect your first phone</h2>
              <p className="w-muted">
                Add a phone, then scan its QR code with WhatsApp on your phone. It takes about a minute.
              </p>
              <AddPhoneButton
                current={countedPhones(phones)}
                total={limit}
                adding={adding}
                onAdd={() => void addPhoneFromPage()}
              />
              {!partner && <AddCloudPhone />}
            </section>
          )
        )}
      </div>
      <PhonesDialogs />
    </div>
  );
}
