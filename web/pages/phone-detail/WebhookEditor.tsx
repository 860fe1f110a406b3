import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { TextField } from '../../components/TextField';
import { DEV_MSG } from '../../lib/dev-messages';
import { webhookNeedsWarning } from '../../lib/developers';
import { useAction } from '../../lib/use-action';

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
  const saving = useAction(async (next: string) => {
    await onSave(next);
    setEditing(false);
  });
  const save = () => {
    const next = draft.trim();
    if (next === value.trim()) return setEditing(false);
    void saving.run(next);
  };
  return (
    <Card title="Webhook" description="This phone's own webhook. Empty means its events go to the product webhook.">
      {editing ? (
        <form
          className="w-dev-stack"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <TextField
            label="Webhook URL"
            type="url"
            value={draft}
            onChange={setDraft}
            placeholder={productWebhook || 'https://example.com/webhook'}
            autoFocus
          />
          {webhookNeedsWarning(draft) && <Alert tone="warning">{DEV_MSG.webhookUnreachableWarning}</Alert>}
          {saving.error && <Alert tone="error">{saving.error}</Alert>}
          <div className="w-form__actions">
            <Button type="submit" loading={saving.busy}>
              Save
            </Button>
            <Button variant="secondary" onClick={() => (setEditing(false), setDraft(value), saving.clearError())}>
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
              <span className="w-muted">
                {productWebhook
                  ? `Not set: the product webhook ${productWebhook} is used.`
                  : 'Not set: events are only logged.'}
              </span>
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
