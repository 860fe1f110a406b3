import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { SaveButton } from '../../components/SaveButton';
import { SelectField } from '../../components/SelectField';
import { Switch } from '../../components/Switch';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import type { InboxSettings } from '../../stores/inbox-owner/settings';
import { TextAreaField } from '../campaigns/TextAreaField';
import { BusinessHoursEditor } from './BusinessHoursEditor';
import {
  AWAY_MAX,
  SETTINGS_TEXT,
  toSettings,
  toValues,
  validateSettings,
  type SettingsValues,
} from './inbox-settings-form';

export interface InboxSettingsFormProps {
  initial: InboxSettings;
  /** Saves; rejects with an Error whose message is shown. */
  onSave: (settings: InboxSettings) => Promise<void>;
  /** The time zone offered when hours are first switched on (the browser's by default). */
  zone?: string;
}

const ASSIGN = [
  { value: 'round_robin', text: 'Round robin' },
  { value: 'off', text: 'Off' },
] as const;

/** The owner's inbox settings: auto-assignment, capacity, CSAT, away message and business hours. */
export function InboxSettingsForm({ initial, onSave, zone }: InboxSettingsFormProps) {
  const [values, setValues] = useState<SettingsValues>(() => toValues(initial, zone));
  const [tried, setTried] = useState(false);
  const save = useAction(onSave);
  const errors = tried ? validateSettings(values) : {};
  const set =
    <K extends keyof SettingsValues>(k: K) =>
    (v: SettingsValues[K]) =>
      setValues((o) => ({ ...o, [k]: v }));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTried(true);
    const form = e.currentTarget;
    if (Object.keys(validateSettings(values)).length === 0) void save.run(toSettings(values));
    else requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  return (
    <Card title={SETTINGS_TEXT.title}>
      <form className="w-form w-inbox-settings" noValidate onSubmit={submit} aria-label={SETTINGS_TEXT.title}>
        {save.error && <Alert tone="error">{save.error}</Alert>}
        <div className="w-form__grid">
          <SelectField
            label="Auto-assignment"
            value={values.auto_assign}
            options={ASSIGN}
            onChange={(v) => set('auto_assign')(v === 'round_robin' ? 'round_robin' : 'off')}
          />
          <TextField
            label="Max open conversations per agent"
            inputMode="numeric"
            value={values.max_open}
            onChange={set('max_open')}
            error={errors.max_open}
          />
        </div>
        <Switch
          label="Ask for a rating (CSAT)"
          checked={values.csat}
          onChange={set('csat')}
          hint="On close, the customer is asked for a 1–5 rating."
        />
        <TextAreaField
          label="Away message"
          value={values.away_message}
          onChange={set('away_message')}
          rows={3}
          invalid={Boolean(errors.away_message)}
          hint={
            errors.away_message ? (
              <span className="w-field__error">{errors.away_message}</span>
            ) : (
              `Sent once per conversation outside business hours (${values.away_message.trim().length}/${AWAY_MAX}).`
            )
          }
        />
        <Switch
          label="Business hours"
          checked={values.hours_on}
          onChange={set('hours_on')}
          hint={values.hours_on ? undefined : 'Off: always open.'}
        />
        {values.hours_on && <BusinessHoursEditor hours={values.hours} onChange={set('hours')} errors={errors} />}
        <div className="w-settings__save">
          <SaveButton action={save} />
        </div>
      </form>
    </Card>
  );
}
