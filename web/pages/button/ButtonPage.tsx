import { useEffect, useMemo, useState } from 'react';
import {
  chatLink,
  embedSnippet,
  type ButtonDesign,
  type ButtonDisplay,
  type ButtonSide,
} from '@wapi/widgets/chat-button';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Checkbox } from '../../components/Checkbox';
import { CodeBlock } from '../../components/CodeBlock';
import { CopyField } from '../../components/CopyField';
import { TextField } from '../../components/TextField';
import { ToggleGroup } from '../../components/ToggleGroup';
import { BUTTON_LIMITS } from '../../../src/shared/button-limits';
import { useAction } from '../../lib/use-action';
import { loadButtonSettings, saveButtonSettings } from '../../stores/button';
import { showToast } from '../../stores/toasts';
import { ChatButtonPreview } from './ChatButtonPreview';
import {
  DEFAULT_BUTTON_FORM,
  formFromSaved,
  formSettings,
  validateButtonForm,
  type ButtonForm,
  type ButtonFormErrors,
} from './button-form';
import './button.css';

const DESIGNS = [
  { value: 'small', label: 'Small' },
  { value: 'large', label: 'Large' },
  { value: 'large-green', label: 'Large green' },
] as const satisfies readonly { value: ButtonDesign; label: string }[];
const DISPLAYS = [
  { value: 'both', label: 'Both' },
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Mobile' },
] as const satisfies readonly { value: ButtonDisplay; label: string }[];
const SIDES = [
  { value: 'left', label: 'Left' },
  { value: 'right', label: 'Right' },
] as const satisfies readonly { value: ButtonSide; label: string }[];

/** A toggle group with its label shown above it. */
function Choice<V extends string>(props: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <div className="w-field">
      <span className="w-field__label" aria-hidden="true">
        {props.label}
      </span>
      <ToggleGroup {...props} />
    </div>
  );
}

/**
 * /button: the chat button generator (spec 2.5); Save checks the form, saves it to the account (so it
 * follows the customer to another browser) and writes the snippet.
 */
export default function ButtonPage() {
  const [form, setForm] = useState<ButtonForm>(DEFAULT_BUTTON_FORM);
  const [loaded, setLoaded] = useState(false);
  const [errors, setErrors] = useState<ButtonFormErrors>({});
  const [saved, setSaved] = useState<ButtonForm | null>(null);
  useEffect(() => {
    let live = true;
    loadButtonSettings().then(
      (settings) => {
        if (!live) return;
        if (settings) {
          setForm(formFromSaved(settings));
          setSaved(formFromSaved(settings));
        }
        setLoaded(true);
      },
      () => {
        if (!live) return;
        showToast('Saved settings could not be loaded.', 'error');
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const store = useAction(
    async (f: ButtonForm) => {
      await saveButtonSettings(f);
      setSaved(f);
      showToast('Your chat button is ready: copy the snippet below into your site.', 'success');
    },
    { onError: (text) => showToast(text, 'error') },
  );
  const set =
    <K extends keyof ButtonForm>(key: K) =>
    (value: ButtonForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const settings = useMemo(() => formSettings(form), [form]);
  const savedSettings = saved && formSettings(saved);
  const scriptUrl = `${location.origin}/widgets/chat-button.js`;
  const save = () => {
    const found = validateButtonForm(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    void store.run(form);
  };
  return (
    <div className="w-button-page">
      <Card
        title="Button Settings"
        description="Put a WhatsApp chat button on your website: fill in the form, save, and paste the snippet before </body>."
      >
        <form
          className="w-button-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="w-button-form__phone">
            <TextField
              label="Country code"
              value={form.countryCode}
              onChange={set('countryCode')}
              error={errors.countryCode}
              placeholder="+90"
              required
              inputMode="tel"
            />
            <TextField
              label="Phone number"
              value={form.phone}
              onChange={set('phone')}
              error={errors.phone}
              placeholder="5551234567"
              required
              inputMode="numeric"
            />
          </div>
          <label className="w-field">
            <span className="w-field__label">Message body</span>
            <textarea
              className="w-input"
              rows={3}
              maxLength={BUTTON_LIMITS.message}
              value={form.message}
              onChange={(e) => set('message')(e.target.value)}
            />
          </label>
          <Checkbox
            label="Show the message on desktop"
            checked={form.messageDesktop}
            onChange={set('messageDesktop')}
          />
          <Checkbox label="Show the message on mobile" checked={form.messageMobile} onChange={set('messageMobile')} />
          <Choice label="Design" value={form.design} options={DESIGNS} onChange={set('design')} />
          <TextField
            label="Widget text"
            value={form.text}
            onChange={set('text')}
            error={errors.text}
            required
            maxLength={BUTTON_LIMITS.text}
          />
          <Choice label="Display" value={form.display} options={DISPLAYS} onChange={set('display')} />
          <Choice
            label="Mobile position"
            value={form.positionMobile}
            options={SIDES}
            onChange={set('positionMobile')}
          />
          <Choice
            label="Desktop position"
            value={form.positionDesktop}
            options={SIDES}
            onChange={set('positionDesktop')}
          />
          <TextField
            label="Bottom offset (px)"
            type="number"
            inputMode="numeric"
            min={0}
            max={BUTTON_LIMITS.offsetBottom}
            value={Number.isFinite(form.offsetBottom) ? String(form.offsetBottom) : ''}
            onChange={(v) => set('offsetBottom')(v.trim() === '' ? Number.NaN : Number(v))}
            error={errors.offsetBottom}
            hint="Raise it above a fixed footer."
          />
          <CopyField
            label="Generated link"
            value={Object.keys(validateButtonForm(form)).length ? '' : chatLink(settings.phone, settings.message)}
          />
          <div>
            <Button type="submit" loading={store.busy} disabled={!loaded}>
              {store.savedLabel}
            </Button>
          </div>
        </form>
      </Card>
      <Card title="Preview">
        <ChatButtonPreview settings={settings} />
      </Card>
      {savedSettings && (
        <Card
          title="Your snippet"
          description="Paste it into every page that should show the button, just before </body>. It loads nothing and sets no cookie until a visitor clicks."
        >
          <CodeBlock code={embedSnippet(scriptUrl, savedSettings)} label="Chat button snippet" wrap />
        </Card>
      )}
    </div>
  );
}
