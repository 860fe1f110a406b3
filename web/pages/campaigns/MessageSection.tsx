import { TextField } from '../../components/TextField';
import { ToggleGroup } from '../../components/ToggleGroup';
import { TextAreaField as TextArea } from './TextAreaField';
import type { CampaignFormValues, MessageKind } from '../../lib/campaign-form';

export interface MessageSectionProps {
  values: CampaignFormValues;
  set: (patch: Partial<CampaignFormValues>) => void;
  /** A template can be chosen when the product has an official (Cloud API) number. */
  official: boolean;
  error?: string | undefined;
}

const VARIABLES_HINT = 'Write {{name}} where a recipient’s own value goes; the names are the columns of the audience.';

/** The message: a text, a media message with a caption, or an approved template (official numbers). */
export function MessageSection({ values: v, set, official, error }: MessageSectionProps) {
  const kinds = [
    { value: 'text' as const, label: 'Text' },
    { value: 'media' as const, label: 'Media' },
    ...(official || v.kind === 'template' ? [{ value: 'template' as const, label: 'Template' }] : []),
  ];
  return (
    <fieldset className="w-campaign-form__set">
      <legend>Message</legend>
      <ToggleGroup<MessageKind>
        label="Message type"
        value={v.kind}
        options={kinds}
        onChange={(kind) => set({ kind })}
      />
      {v.kind === 'text' && (
        <TextArea
          label="Text"
          value={v.text}
          onChange={(text) => set({ text })}
          hint={VARIABLES_HINT}
          invalid={Boolean(error)}
        />
      )}
      {v.kind === 'media' && (
        <>
          <TextField
            label="Media URL"
            type="url"
            value={v.mediaUrl}
            onChange={(mediaUrl) => set({ mediaUrl })}
            placeholder="https://example.com/offer.jpg"
          />
          <TextArea
            label="Caption"
            value={v.caption}
            onChange={(caption) => set({ caption })}
            hint={VARIABLES_HINT}
            rows={3}
          />
        </>
      )}
      {v.kind === 'template' && (
        <>
          <p className="w-muted">
            Official numbers send an approved template outside the 24-hour window; other numbers cannot send templates.
          </p>
          <div className="w-form__grid">
            <TextField
              label="Template name"
              value={v.templateName}
              onChange={(templateName) => set({ templateName })}
            />
            <TextField
              label="Language"
              value={v.templateLanguage}
              onChange={(templateLanguage) => set({ templateLanguage })}
            />
          </div>
          <TextArea
            label="Body parameters"
            value={v.templateParams}
            onChange={(templateParams) => set({ templateParams })}
            hint={`One parameter a line, in the template's order. ${VARIABLES_HINT}`}
            rows={3}
          />
        </>
      )}
      {error && (
        <p className="w-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
