import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { DEV_MSG } from '../../lib/dev-messages';
import { webhookNeedsWarning } from '../../lib/developers';
import { phoneTitle } from '../../lib/phones';
import { useAction } from '../../lib/use-action';
import {
  $configuredPhones,
  $configuredPhonesError,
  loadConfiguredPhones,
  savePhoneWebhook,
  type ConfiguredPhone,
} from '../../stores/developers/webhook';
import { StatusChip } from '../phones/StatusChip';

export interface PhoneWebhookRowProps {
  phone: ConfiguredPhone;
  /** The product webhook, used when the phone has none of its own. */
  productWebhook: string;
  onSave: (id: number, webhook: string) => Promise<string>;
}

/** One phone's own webhook: empty means the product's is used; Save is skipped when unchanged. */
export function PhoneWebhookRow({ phone, productWebhook, onSave }: PhoneWebhookRowProps) {
  const [saved, setSaved] = useState(phone.data.webhook ?? '');
  const [value, setValue] = useState(saved);
  const url = value.trim();
  const inputId = `w-phone-hook-${phone.id}`;
  const save = useAction(
    async () => {
      const stored = await onSave(phone.id, url);
      setSaved(stored);
      setValue(stored);
    },
    { errorLabel: true },
  );
  return (
    <li className="w-hook-row">
      <div className="w-hook-row__head">
        <span className="w-hook-row__title">{phoneTitle(phone)}</span>
        <span className="w-muted">ID {phone.id}</span>
        <StatusChip status={phone.status} />
      </div>
      <form
        className="w-copyfield"
        onSubmit={(e) => {
          e.preventDefault();
          if (url !== saved.trim()) void save.run();
        }}
      >
        <label className="w-sr-only" htmlFor={inputId}>
          Webhook of phone {phone.id}
        </label>
        <input
          id={inputId}
          className="w-input w-copyfield__input"
          type="url"
          placeholder={productWebhook ? `Product webhook: ${productWebhook}` : 'No webhook: events are only logged'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button
          type="submit"
          size="sm"
          loading={save.busy}
          disabled={url === saved.trim() && save.outcome === null}
          variant={save.outcome === 'error' ? 'danger' : 'primary'}
        >
          {save.savedLabel}
        </Button>
      </form>
      {webhookNeedsWarning(url) && <Alert tone="warning">{DEV_MSG.webhookUnreachableWarning}</Alert>}
      {save.error && <Alert tone="error">{save.error}</Alert>}
    </li>
  );
}

/** Phones Webhooks: each phone's own webhook, overriding the product's. */
export function PhoneWebhooks({ productWebhook }: { productWebhook: string }) {
  const phones = useStore($configuredPhones);
  const error = useStore($configuredPhonesError);
  useEffect(() => void loadConfiguredPhones(), []);
  if (error) return <Alert tone="error">{error}</Alert>;
  if (!phones) return <Loader label="Loading phones…" />;
  if (phones.length === 0) return <p className="w-muted w-dev-empty">{DEV_MSG.noConnectedPhone}</p>;
  return (
    <div className="w-dev-stack">
      <p className="w-muted">
        A phone with its own webhook sends its events there instead of to the product webhook. Leave it empty to use the
        product webhook.
      </p>
      <ul className="w-hook-list">
        {phones.map((p) => (
          <PhoneWebhookRow key={p.id} phone={p} productWebhook={productWebhook} onSave={savePhoneWebhook} />
        ))}
      </ul>
    </div>
  );
}
