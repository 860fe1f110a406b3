import {
  DEFAULT_MESSAGE,
  DEFAULT_TEXT,
  defaultOffset,
  type ButtonDesign,
  type ButtonDisplay,
  type ButtonSide,
  type ChatButtonSettings,
} from '../../../widgets/src/chat-button/settings';
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
};

export type ButtonFormErrors = Partial<Record<'text' | 'countryCode' | 'phone', string>>;

/**
 * The number the button opens a chat with: the typed number read in the country of the calling code
 * (Turkey's trunk 0 dropped, `05551234567` with +90 is 905551234567; Italy's 0 kept), or as given when
 * typed with + or 00.
 */
export function buttonNumber(f: Pick<ButtonForm, 'countryCode' | 'phone'>): PhoneCheck {
  return normalizePhone(f.phone, { callingCode: f.countryCode });
}

/** The chat button form's rules and messages (spec 5; a wrong number also says what is wrong). */
export function validateButtonForm(f: ButtonForm): ButtonFormErrors {
  const errors: ButtonFormErrors = {};
  if (!f.text.trim()) errors.text = 'Enter widget text.';
  if (!/^\+?\d{1,4}$/.test(f.countryCode.trim())) errors.countryCode = 'Enter country code.';
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
    messageDesktop: f.messageDesktop,
    messageMobile: f.messageMobile,
  };
}

const STORAGE_KEY = 'wapi.chat-button';

/** The last saved form of this browser (the settings live in the snippet; nothing is stored on the server). */
export function loadButtonForm(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ButtonForm {
  try {
    const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<ButtonForm> | null;
    return { ...DEFAULT_BUTTON_FORM, ...(saved && typeof saved === 'object' ? saved : {}) };
  } catch {
    return DEFAULT_BUTTON_FORM;
  }
}

/** Remembers the form in this browser. */
export function saveButtonForm(f: ButtonForm, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  storage?.setItem(STORAGE_KEY, JSON.stringify(f));
}
