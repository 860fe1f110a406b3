import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { countedPhones } from '../../lib/phones';
import { useAction } from '../../lib/use-action';
import { addSandbox, redeploySelected } from '../../stores/phone-actions';
import { $phones, $phonesError, $phonesLoaded, $queues, $selected, selectPhone } from '../../stores/phones';
import {
  $adding,
  addPhoneFromPage,
  askConfirm,
  attempt,
  copyScreenUrl,
  enableFromPage,
} from '../../stores/phones-page';
import { $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { AddCloudPhone } from './AddCloudPhone';
import { AddPhoneButton } from './AddPhoneButton';
import { HowToConnectModal } from './PhoneModals';
import { PhoneList } from './PhoneList';

export interface PhonesSideProps {
  partner: boolean;
  /** The product's phone limit. */
  limit: number;
}

/** The phones list with its add button, the sandbox, how-to and Postman links. */
export function PhonesSide({ partner, limit }: PhonesSideProps) {
  const user = useStore($user);
  // WhatsApp phones only: an Instagram account lives on /instagram, also once its add-on ended (disabled).
  const all = useStore($phones);
  const phones = useMemo(() => all.filter((p) => p.type !== 'instagram'), [all]);
  const loaded = useStore($phonesLoaded);
  const listError = useStore($phonesError);
  const queues = useStore($queues);
  const selected = useStore($selected);
  const adding = useStore($adding);
  const [howTo, setHowTo] = useState(false);
  const sandbox = useAction(() =>
    attempt(async () => {
      await addSandbox();
      showToast('The sandbox phone is added.', 'success');
    }),
  );
  const hasSandbox = phones.some((p) => p.data.sandbox);
  return (
    <section className="w-card w-phones__side" aria-labelledby="w-phones-title">
      <div className="w-phones__side-head">
        <h2 className="w-card__title" id="w-phones-title">
          Your phones
        </h2>
        <AddPhoneButton
          current={countedPhones(phones)}
          total={limit}
          adding={adding}
          onAdd={() => void addPhoneFromPage()}
        />
        {!partner && <AddCloudPhone onAdded={() => showToast('The official number is added.', 'success')} />}
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
          onBulkRedeploy={(ids) =>
            attempt(async () => showToast(`Redeploying ${countOf(await redeploySelected(ids), 'phone')}.`, 'success'))
          }
          onDisable={(p) => askConfirm('disable', p)}
          onEnable={(p) => void enableFromPage(p)}
          onCopyUrl={(p) => void copyScreenUrl(p)}
        />
      ) : (
        <Loader label="Loading phones…" />
      )}
      <div className="w-phones__links">
        {!partner && !hasSandbox && (
          <Button variant="ghost" size="sm" loading={sandbox.busy} onClick={() => void sandbox.run()}>
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
      <HowToConnectModal open={howTo} onClose={() => setHowTo(false)} />
    </section>
  );
}
