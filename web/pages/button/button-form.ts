import {
  DEFAULT_MESSAGE,
  DEFAULT_TEXT,
  defaultOffset,
  type ButtonDesign,
  type ButtonDisplay,
  type ButtonSide,
  type ChatButtonSettings,
} from '../../../widgets/src/chat-button/settings';

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

/** The chat button form's rules and messages (spec 5). */
export function validateButtonForm(f: ButtonForm): ButtonFormErrors {
  const errors: ButtonFormErrors = {};
  if (!f.text.trim()) errors.text = 'Enter widget text.';
  if (!/^\+?\d+$/.test(f.countryCode.trim())) errors.countryCode = 'Enter country code.';
  if (!f.phone.trim()) errors.phone = 'Enter phone number.';
  else if (!/^\d+$/.test(f.phone.trim())) errors.phone = 'Enter valid phone number.';
  return errors;
}

/** The element's settings for a form: the number with its country code, offsets of the chosen sides. */
export function formSettings(f: ButtonForm): ChatButtonSettings {
  return {
    phone: `+${f.countryCode.trim().replace(/^\+/, '')}${f.phone.trim()}`,
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
