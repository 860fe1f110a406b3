import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { TextField } from '../../components/TextField';
import { DEV_MSG } from '../../lib/dev-messages';
import { webhookNeedsWarning } from '../../lib/developers';
import { errorMessage } from '../../lib/messaging-api';

export interface WebhookEditorProps {
  /** The phone's own webhook ('' when it uses the product's). */
  value: string;
  productWebhook: string;
  onSave: (webhook: string) => Promise<void>;
}

/** The phone's webhook: view, edit, then save or cancel; Save skips the call when nothing changed (3-developer §4). */
export function WebhookEditor({ value, productWebhook, onSave }: WebhookEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const save = async () => {
    const next = draft.trim();
    if (next === value.trim()) return setEditing(false);
    setBusy(true);
    setError('');
    try {
      await onSave(next);
      setEditing(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Webhook" description="This phone's own webhook. Empty means its events go to the product webhook.">
      {editing ? (
        <form
          className="w-dev-stack"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField label="Webhook URL" type="url" value={draft} onChange={setDraft} placeholder={productWebhook || 'https://example.com/webhook'} autoFocus />
          {webhookNeedsWarning(draft) && <Alert tone="warning">{DEV_MSG.webhookUnreachableWarning}</Alert>}
          {error && <Alert tone="error">{error}</Alert>}
          <div className="w-form__actions">
            <Button type="submit" loading={busy}>
              Save
            </Button>
            <Button variant="secondary" onClick={() => (setEditing(false), setDraft(value), setError(''))}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="w-pd-hook">
          <div className="w-pd-hook__value">
            {value ? (
              <code className="w-inline-code">{value}</code>
            ) : (
              <span className="w-muted">{productWebhook ? `Not set: the product webhook ${productWebhook} is used.` : 'Not set: events are only logged.'}</span>
            )}
          </div>
          <Button variant="secondary" size="sm" onClick={() => (setDraft(value), setEditing(true))}>
            <Icon name="edit" size={16} />
            Edit
          </Button>
        </div>
      )}
    </Card>
  );
}
