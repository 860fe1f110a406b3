/**
 * The create-campaign form: its values, their checks (the messages the form shows) and the body of
 * `POST /api/{pid}/campaigns` it makes. Pure, so the rules are tested without a browser.
 */
import {
  missingVariables,
  CAMPAIGN_RECIPIENTS_MAX,
  templateParameters,
  type AudienceEntry,
  type CampaignMessage,
} from './campaigns';

export type AudienceSource = 'paste' | 'file' | 'previous';
export type MessageKind = 'text' | 'media' | 'template';

export interface CampaignFormValues {
  name: string;
  source: AudienceSource;
  /** The pasted list (source paste). */
  pasted: string;
  /** The chosen column of the uploaded file (source file). */
  numberColumn: string;
  kind: MessageKind;
  text: string;
  mediaUrl: string;
  caption: string;
  templateName: string;
  templateLanguage: string;
  /** One body parameter a line, {{variables}} allowed. */
  templateParams: string;
  phoneIds: number[];
  /** Send now, or at `scheduleAt` (a datetime-local value, the browser's time zone). */
  when: 'now' | 'later';
  scheduleAt: string;
}

export const EMPTY_FORM: CampaignFormValues = {
  name: '',
  source: 'paste',
  pasted: '',
  numberColumn: '',
  kind: 'text',
  text: '',
  mediaUrl: '',
  caption: '',
  templateName: '',
  templateLanguage: 'en_US',
  templateParams: '',
  phoneIds: [],
  when: 'now',
  scheduleAt: '',
};

export const NAME_MAX = 100;

/** The form's messages (ours: the issue names the checks, not their words). */
export const FORM_TEXT = {
  name: 'Give the campaign a name.',
  nameLong: `The name can have at most ${NAME_MAX} characters.`,
  audience: 'Add at least one recipient.',
  tooMany: `A campaign can have at most ${CAMPAIGN_RECIPIENTS_MAX.toLocaleString('en-US')} recipients.`,
  file: 'Upload a CSV or Excel file.',
  column: 'Choose the column that holds the numbers.',
  previous: 'Choose a campaign and load its recipients.',
  text: 'Write the message.',
  media: 'Give the media URL (https://...).',
  template: 'Give the template name and its language.',
  phones: 'Choose at least one phone.',
  schedule: 'Choose a date and time.',
  past: 'Choose a time in the future.',
} as const;

export type FormErrors = Partial<Record<'name' | 'audience' | 'message' | 'phones' | 'schedule', string>>;

/** The message the form describes. */
export function messageOf(v: CampaignFormValues): CampaignMessage {
  if (v.kind === 'media') {
    return { type: 'media', message: v.mediaUrl.trim(), ...(v.caption.trim() ? { text: v.caption } : {}) };
  }
  if (v.kind === 'template') {
    const parameters = templateParameters(v.templateParams);
    return {
      type: 'template',
      template: {
        name: v.templateName.trim(),
        language: v.templateLanguage.trim(),
        ...(parameters.length ? { components: [{ type: 'body' as const, parameters }] } : {}),
      },
    };
  }
  return { type: 'text', message: v.text };
}

/** "Missing {{name}} for 3 recipients." for each variable some recipients lack. */
function missingText(missing: Record<string, number>): string[] {
  return Object.entries(missing).map(([name, n]) => `Missing {{${name}}} for ${n} recipient${n === 1 ? '' : 's'}.`);
}

/**
 * The form's errors. `audience` is what the chosen source gives (for a file, its preview rows, so
 * missing variables are told on what was seen; the server checks every row), `audienceCount` how
 * many recipients it holds in all.
 */
export function validateCampaign(
  v: CampaignFormValues,
  audience: readonly AudienceEntry[],
  audienceCount: number,
  now = Date.now(),
): FormErrors {
  const e: FormErrors = {};
  if (!v.name.trim()) e.name = FORM_TEXT.name;
  else if (v.name.trim().length > NAME_MAX) e.name = FORM_TEXT.nameLong;
  if (v.source === 'file' && !v.numberColumn) e.audience = FORM_TEXT.column;
  else if (audienceCount === 0)
    e.audience =
      v.source === 'previous' ? FORM_TEXT.previous : v.source === 'file' ? FORM_TEXT.file : FORM_TEXT.audience;
  else if (audienceCount > CAMPAIGN_RECIPIENTS_MAX) e.audience = FORM_TEXT.tooMany;
  if (v.kind === 'text' && !v.text.trim()) e.message = FORM_TEXT.text;
  else if (v.kind === 'media' && !/^https?:\/\/\S+$/.test(v.mediaUrl.trim())) e.message = FORM_TEXT.media;
  else if (v.kind === 'template' && (!v.templateName.trim() || v.templateLanguage.trim().length < 2))
    e.message = FORM_TEXT.template;
  else {
    const missing = missingText(missingVariables(messageOf(v), audience));
    if (missing.length) e.message = missing.join(' ');
  }
  if (v.phoneIds.length === 0) e.phones = FORM_TEXT.phones;
  if (v.when === 'later') {
    const at = Date.parse(v.scheduleAt);
    if (!v.scheduleAt || Number.isNaN(at)) e.schedule = FORM_TEXT.schedule;
    else if (at <= now) e.schedule = FORM_TEXT.past;
  }
  return e;
}

/** The JSON fields of the create call, without the recipients. */
export function campaignFields(v: CampaignFormValues): {
  name: string;
  phone_ids: number[];
  message: CampaignMessage;
  schedule_at?: string;
} {
  return {
    name: v.name.trim(),
    phone_ids: v.phoneIds,
    message: messageOf(v),
    ...(v.when === 'later' && v.scheduleAt ? { schedule_at: new Date(v.scheduleAt).toISOString() } : {}),
  };
}
