import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Icon } from '../../components/Icon';
import { ApiError } from '../../lib/api';
import { DEV_MSG } from '../../lib/dev-messages';
import { webhookNeedsWarning } from '../../lib/developers';
import { useAction } from '../../lib/use-action';

export interface WebhookFormProps {
  /** The saved webhook. */
  current: string;
  /** Posts a test message to the URL; resolves to the server's success text. */
  onVerify: (url: string) => Promise<string>;
  onSave: (url: string) => Promise<void>;
  /** The live-chat webhook; the 'set default webhook' button shows only with it (agent_limit above 0). */
  defaultWebhook?: string;
}

type Check = { tone: 'success' | 'error'; text: string } | null;

/** The text of a failed webhook test: the server's message, else the default (3-developer §8). */
function verifyFailure(e: unknown): string {
  return e instanceof ApiError && e.fromServer ? e.message : DEV_MSG.webhookDefaultUnreachable;
}

/**
 * The product webhook: a URL with a copy button, a test call that must succeed before Save is
 * enabled, and Save that is skipped when the trimmed URL is unchanged (3-developer §2.1, §4, §5).
 */
export function WebhookForm({ current, onVerify, onSave, defaultWebhook }: WebhookFormProps) {
  const [value, setValue] = useState(current);
  const [verifiedFor, setVerifiedFor] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>(null);
  // Which button started the running save: Save or 'Set default webhook'.
  const [saving, setSaving] = useState<'save' | 'default'>('save');
  const url = value.trim();
  const verified = verifiedFor !== null && verifiedFor === url;
  const test = useAction(
    async (target: string) => {
      const text = await onVerify(target);
      setVerifiedFor(target);
      setCheck({ tone: 'success', text: text || DEV_MSG.webhookWorked });
    },
    {
      errorText: verifyFailure,
      onError: (text) => {
        setVerifiedFor(null);
        setCheck({ tone: 'error', text });
      },
    },
  );
  const store = useAction(
    async (target: string) => {
      await onSave(target);
      setValue(target);
      setCheck(null);
    },
    { errorLabel: true, onError: (text) => setCheck({ tone: 'error', text }) },
  );

  const verify = () => {
    if (!url) return setCheck({ tone: 'error', text: DEV_MSG.webhookEmpty });
    void test.run(url);
  };
  const save = (target: string, kind: 'save' | 'default') => {
    if (!target) return setCheck({ tone: 'error', text: DEV_MSG.webhookEmpty });
    if (target === current.trim()) return setCheck({ tone: 'success', text: DEV_MSG.webhookUnchanged });
    setSaving(kind);
    void store.run(target);
  };

  return (
    <form
      className="w-dev-stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (verified) save(url, 'save');
        else verify();
      }}
    >
      <div className="w-field">
        <label className="w-field__label" htmlFor="w-webhook-url">
          Webhook URL
        </label>
        <div className="w-copyfield">
          <input
            id="w-webhook-url"
            className="w-input w-copyfield__input"
            type="url"
            inputMode="url"
            placeholder="https://example.com/whatsapp/webhook"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setCheck(null);
            }}
            aria-describedby="w-webhook-hint"
          />
          <CopyButton value={url} label="Copy webhook URL" feedback="notice" />
        </div>
        <span className="w-field__hint" id="w-webhook-hint">
          Incoming messages and events are POSTed here as JSON.{' '}
          {verified || url === current.trim() ? '' : DEV_MSG.webhookVerifyFirst}
        </span>
      </div>
      {webhookNeedsWarning(url) && <Alert tone="warning">{DEV_MSG.webhookUnreachableWarning}</Alert>}
      {check && <Alert tone={check.tone}>{check.text}</Alert>}
      <div className="w-form__actions">
        <Button
          variant={verified ? 'secondary' : 'primary'}
          type={verified ? 'button' : 'submit'}
          loading={test.busy}
          onClick={verified ? verify : undefined}
        >
          <Icon name="send" size={16} />
          {verified ? 'Verify again' : 'Verify'}
        </Button>
        <Button
          type={verified ? 'submit' : 'button'}
          disabled={!verified}
          loading={store.busy && saving === 'save'}
          variant={store.outcome === 'error' ? 'danger' : 'primary'}
        >
          {store.savedLabel}
        </Button>
        {defaultWebhook && (
          <Button
            variant="ghost"
            loading={store.busy && saving === 'default'}
            onClick={() => save(defaultWebhook, 'default')}
          >
            Set default webhook
          </Button>
        )}
      </div>
    </form>
  );
}
