import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { SaveButton } from '../../components/SaveButton';
import { SelectField } from '../../components/SelectField';
import { Switch } from '../../components/Switch';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import type { ProtectionPatch } from '../../stores/phone-detail';
import type { Protection } from '../../../src/shared/schemas/messaging/protection';

const NUMBERS = [
  ['ramp_start', 'New chats on the first day', 'How many new chats the number may open on the day it is linked.'],
  ['ramp_step', 'Added each day', "Added to the day's new chats each day after the first."],
  ['ramp_max', 'Most new chats a day', 'The top of the ramp; a number linked long ago starts there.'],
  [
    'unanswered_limit',
    'Unanswered chats (30 days)',
    'Chats the number opened in the last 30 days that never answered.',
  ],
] as const;
type NumberKey = (typeof NUMBERS)[number][0];

const ON_LIMIT = [
  { value: 'hold', text: 'Hold until a budget frees' },
  { value: 'refuse', text: 'Refuse (429)' },
] as const;

type Draft = { enabled: boolean; on_limit: 'hold' | 'refuse' } & Record<NumberKey, string>;

const draftOf = (p: Protection): Draft => ({
  enabled: p.enabled,
  on_limit: p.on_limit,
  ramp_start: String(p.ramp_start),
  ramp_step: String(p.ramp_step),
  ramp_max: String(p.ramp_max),
  unanswered_limit: String(p.unanswered_limit),
});

/** A field's problem, '' when it is a whole number of 0 or more. */
const numberError = (v: string) => (/^\d{1,6}$/.test(v.trim()) ? '' : 'Enter a whole number, 0 or more.');

/**
 * The phone's ban protection settings (POST /{phone_id}/protection): on/off, the new-chat ramp, the
 * unanswered limit and what happens at a limit. Cloud API numbers show why protection is off instead.
 */
export function ProtectionSettings({
  protection,
  onSave,
}: {
  protection: Protection | null;
  onSave: (patch: ProtectionPatch) => Promise<void>;
}) {
  const [draft, setDraft] = useState<Draft | null>(protection && draftOf(protection));
  const [shown, setShown] = useState(false);
  const saving = useAction((patch: ProtectionPatch) => onSave(patch));
  // The form starts from what the server has, once it is loaded.
  useEffect(() => {
    if (protection && !draft) setDraft(draftOf(protection));
  }, [protection, draft]);

  const description =
    'How many new chats this number may open a day (a ramp from its first day) and how many may go unanswered, and what happens at a limit.';
  if (!protection || !draft) {
    return (
      <Card title="Ban protection settings" description={description}>
        <p className="w-muted">Loading…</p>
      </Card>
    );
  }
  if (protection.reason) {
    return (
      <Card title="Ban protection settings" description={description}>
        <p className="w-muted">{protection.reason}</p>
      </Card>
    );
  }
  const errors = Object.fromEntries(NUMBERS.map(([k]) => [k, shown ? numberError(draft[k]) : ''])) as Record<
    NumberKey,
    string
  >;
  const rampError =
    shown && !errors.ramp_start && !errors.ramp_max && Number(draft.ramp_start) > Number(draft.ramp_max)
      ? 'Cannot be more than the most new chats a day.'
      : '';
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const submit = () => {
    setShown(true);
    if (NUMBERS.some(([k]) => numberError(draft[k])) || Number(draft.ramp_start) > Number(draft.ramp_max)) return;
    void saving.run({
      enabled: draft.enabled,
      on_limit: draft.on_limit,
      ramp_start: Number(draft.ramp_start),
      ramp_step: Number(draft.ramp_step),
      ramp_max: Number(draft.ramp_max),
      unanswered_limit: Number(draft.unanswered_limit),
    });
  };
  return (
    <Card title="Ban protection settings" description={description}>
      <form
        aria-label="Ban protection settings"
        className="w-dev-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Switch
          label="Ban protection"
          checked={draft.enabled}
          onChange={(enabled) => set({ enabled })}
          hint={draft.enabled ? 'On: new chats follow the budgets below.' : 'Off: messages go without budgets.'}
        />
        {NUMBERS.map(([key, label, hint]) => (
          <TextField
            key={key}
            label={label}
            inputMode="numeric"
            value={draft[key]}
            onChange={(v) => set({ [key]: v })}
            error={errors[key] || (key === 'ramp_start' ? rampError : '')}
            hint={hint}
            disabled={!draft.enabled}
          />
        ))}
        <SelectField
          label="At a limit"
          value={draft.on_limit}
          onChange={(v) => set({ on_limit: v === 'refuse' ? 'refuse' : 'hold' })}
          options={ON_LIMIT}
          hint="Hold keeps the message queued and sends it when the budget allows; refuse answers sendMessage with 429 PROTECTION_LIMIT and stores nothing."
          disabled={!draft.enabled}
        />
        {saving.error && <Alert tone="error">{saving.error}</Alert>}
        <div className="w-form__actions">
          <SaveButton action={saving} />
        </div>
      </form>
    </Card>
  );
}
