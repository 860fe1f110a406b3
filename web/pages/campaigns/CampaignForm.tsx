import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { TextField } from '../../components/TextField';
import { ToggleGroup } from '../../components/ToggleGroup';
import type { Campaign } from '../../lib/campaigns';
import {
  EMPTY_FORM,
  messageOf,
  NAME_MAX,
  validateCampaign,
  type CampaignFormValues,
  type FormErrors,
} from '../../lib/campaign-form';
import { phoneTitle, phoneTypeLabel, type Phone } from '../../lib/phones';
import { AudienceSection, type Audience, type AudienceLoaders } from './AudienceSection';
import { CAMPAIGN_TEXT as T } from './campaign-text';
import { MessageSection } from './MessageSection';
import { RecipientPreview } from './RecipientPreview';
import './campaigns.css';

type PickablePhone = Pick<Phone, 'id' | 'name' | 'number' | 'type' | 'engine' | 'data' | 'status'>;

export interface CampaignFormProps extends AudienceLoaders {
  phones: readonly PickablePhone[];
  campaigns: readonly Campaign[];
  /** Creates the campaign; a failure's text is shown above the button. */
  onSubmit: (values: CampaignFormValues, audience: Audience) => Promise<void>;
  initial?: Partial<CampaignFormValues>;
}

/** A datetime-local value of a moment, in the browser's zone. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** The create flow of /campaigns/new: name, audience, message with its preview, phones and schedule. */
export function CampaignForm({ phones, campaigns, onSubmit, initial, readFile, loadPrevious }: CampaignFormProps) {
  const [v, setValues] = useState<CampaignFormValues>({ ...EMPTY_FORM, ...initial });
  const [audience, setAudience] = useState<Audience>({ entries: [], count: 0, file: null });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const set = useCallback((patch: Partial<CampaignFormValues>) => setValues((old) => ({ ...old, ...patch })), []);
  const errors: FormErrors = useMemo(
    () => validateCampaign(v, audience.entries, audience.count),
    [v, audience.entries, audience.count],
  );
  const shown = tried ? errors : {};
  const whatsapp = phones.filter((p) => p.type === 'whatsapp');
  const official = whatsapp.some((p) => p.engine === 'cloud');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setFailure('');
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      await onSubmit(v, audience);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const togglePhone = (id: number, on: boolean) =>
    set({ phoneIds: on ? [...v.phoneIds, id] : v.phoneIds.filter((p) => p !== id) });
  return (
    <form className="w-campaign-form" onSubmit={(e) => void submit(e)} noValidate aria-label="New campaign">
      <TextField
        label="Campaign name"
        value={v.name}
        maxLength={NAME_MAX}
        onChange={(name) => set({ name })}
        error={shown.name}
        required
      />
      <AudienceSection
        values={v}
        set={set}
        campaigns={campaigns}
        onAudience={setAudience}
        error={shown.audience}
        readFile={readFile}
        loadPrevious={loadPrevious}
      />
      <MessageSection values={v} set={set} official={official} error={shown.message} />
      <RecipientPreview message={messageOf(v)} audience={audience.entries} />
      <fieldset className="w-campaign-form__set">
        <legend>Phones</legend>
        {whatsapp.length === 0 && (
          <p className="w-muted">Add a phone first: campaigns are sent from the product's phones.</p>
        )}
        <div className="w-campaign-form__phones">
          {whatsapp.map((p) => (
            <Checkbox
              key={p.id}
              label={`${phoneTitle(p)} · ${phoneTypeLabel(p)} · ${p.status}`}
              checked={v.phoneIds.includes(p.id)}
              onChange={(on) => togglePhone(p.id, on)}
            />
          ))}
        </div>
        <span className="w-field__hint">With several phones each recipient always gets the same one.</span>
        {shown.phones && (
          <p className="w-field__error" role="alert">
            {shown.phones}
          </p>
        )}
      </fieldset>
      <fieldset className="w-campaign-form__set">
        <legend>Schedule</legend>
        <ToggleGroup
          label="When"
          value={v.when}
          options={[
            { value: 'now', label: 'Send now' },
            { value: 'later', label: 'At a date and time' },
          ]}
          onChange={(when) => set({ when })}
        />
        {v.when === 'later' && (
          <TextField
            label="Send at"
            type="datetime-local"
            value={v.scheduleAt}
            min={localInput(Date.now())}
            onChange={(scheduleAt) => set({ scheduleAt })}
            error={shown.schedule}
          />
        )}
      </fieldset>
      {failure && <Alert tone="error">{failure}</Alert>}
      {tried && Object.keys(errors).length > 0 && (
        <Alert tone="error">Check the fields marked above: {Object.values(errors).join(' ')}</Alert>
      )}
      <div className="w-form__actions">
        <Button type="submit" loading={busy}>
          {v.when === 'later' ? T.schedule : T.create}
        </Button>
        {audience.count > 0 && <span className="w-muted">{audience.count} recipients</span>}
      </div>
    </form>
  );
}
