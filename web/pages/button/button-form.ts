import {
  BOTTOM_OFFSET,
  DEFAULT_MESSAGE,
  MAX_BOTTOM_OFFSET,
  DEFAULT_TEXT,
  defaultOffset,
  type ButtonDesign,
  type ButtonDisplay,
  type ButtonSide,
  type ChatButtonSettings,
} from '@wapi/widgets/chat-button';
import { normalizePhone, type PhoneCheck } from '../../lib/phone-numbers';

/** The Button Settings form (spec 2.5). */
export interface ButtonForm {
  countryCode: string;
  phone: string;
  message: string;
  messageDesktop: boolean;
  messageMobile: boolean;
  design: ButtonDesign;
  text: string;
  display: ButtonDisplay;
  positionMobile: ButtonSide;
  positionDesktop: ButtonSide;
  /** Distance from the bottom of the screen in px (raise it above a fixed footer). */
  offsetBottom: number;
}

export const DEFAULT_BUTTON_FORM: ButtonForm = {
  countryCode: '',
  phone: '',
  message: DEFAULT_MESSAGE,
  messageDesktop: true,
  messageMobile: true,
  design: 'large',
  text: DEFAULT_TEXT,
  display: 'both',
  positionMobile: 'right',
  positionDesktop: 'right',
  offsetBottom: BOTTOM_OFFSET,
};

export type ButtonFormErrors = Partial<Record<'text' | 'countryCode' | 'phone' | 'offsetBottom', string>>;

/** Said beside the bottom offset when it is not a whole number of pixels in range. */
export const OFFSET_BOTTOM_ERROR = `Enter a distance from 0 to ${MAX_BOTTOM_OFFSET} px.`;

/**
 * The number the button opens a chat with: the typed number read in the country of the calling code
 * (Turkey's trunk 0 dropped, `05551234567` with +90 is 905551234567; Italy's 0 kept), or as given when
 * typed with + or 00.
 */
function buttonNumber(f: Pick<ButtonForm, 'countryCode' | 'phone'>): PhoneCheck {
  return normalizePhone(f.phone, { callingCode: f.countryCode });
}

/** The chat button form's rules and messages (spec 5; a wrong number also says what is wrong). */
export function validateButtonForm(f: ButtonForm): ButtonFormErrors {
  const errors: ButtonFormErrors = {};
  if (!f.text.trim()) errors.text = 'Enter widget text.';
  if (!/^\+?\d{1,4}$/.test(f.countryCode.trim())) errors.countryCode = 'Enter country code.';
  if (!Number.isInteger(f.offsetBottom) || f.offsetBottom < 0 || f.offsetBottom > MAX_BOTTOM_OFFSET)
    errors.offsetBottom = OFFSET_BOTTOM_ERROR;
  if (!f.phone.trim()) errors.phone = 'Enter phone number.';
  else if (!errors.countryCode || /^\s*(\+|00)/.test(f.phone)) {
    const number = buttonNumber(f);
    if (!number.ok) errors.phone = `Enter valid phone number. ${number.error}`;
  }
  return errors;
}

/** The number with its country code, `+905551234567`; as typed while it is not a valid number yet. */
function phoneOf(f: ButtonForm): string {
  const number = buttonNumber(f);
  return number.ok ? `+${number.digits}` : `+${f.countryCode.trim().replace(/^\+/, '')}${f.phone.replace(/\D/g, '')}`;
}

/** The element's settings for a form: the number with its country code, offsets of the chosen sides. */
export function formSettings(f: ButtonForm): ChatButtonSettings {
  return {
    phone: phoneOf(f),
    message: f.message,
    text: f.text.trim() || DEFAULT_TEXT,
    design: f.design,
    display: f.display,
    positionDesktop: f.positionDesktop,
    positionMobile: f.positionMobile,
    offsetDesktop: defaultOffset(f.positionDesktop, 'desktop'),
    offsetMobile: defaultOffset(f.positionMobile, 'mobile'),
    offsetBottom: f.offsetBottom,
    messageDesktop: f.messageDesktop,
    messageMobile: f.messageMobile,
  };
}

/** The form for the settings the server has saved (null before the first save: the defaults). */
export function formFromSaved(saved: Partial<ButtonForm> | null): ButtonForm {
  return { ...DEFAULT_BUTTON_FORM, ...(saved ?? {}) };
}
