/** The chat button's settings, mirroring the console's Button Settings form (spec 2.5). */
export type ButtonDesign = 'small' | 'large' | 'large-green';
export type ButtonDisplay = 'both' | 'desktop' | 'mobile';
export type ButtonSide = 'left' | 'right';

export interface ChatButtonSettings {
  /** The number with its country code; anything but digits is dropped. */
  phone: string;
  message: string;
  text: string;
  design: ButtonDesign;
  display: ButtonDisplay;
  positionDesktop: ButtonSide;
  positionMobile: ButtonSide;
  /** Horizontal place on the screen, in percent of its width. */
  offsetDesktop: number;
  offsetMobile: number;
  /** Distance from the bottom of the screen in pixels (raise it above a fixed footer). */
  offsetBottom: number;
  messageDesktop: boolean;
  messageMobile: boolean;
}

export const DEFAULT_TEXT = 'Chat with Us';
export const DEFAULT_MESSAGE = "I'm interested in this product and I have a few questions. Can you help?";
/** Offsets of spec 2.5: on the right 95% (desktop) and 82% (mobile), on the left 10% each. */
export const RIGHT_OFFSET = { desktop: 95, mobile: 82 } as const;
export const LEFT_OFFSET = 10;
/** The button's default distance from the bottom of the screen, and the most it may be raised (px). */
export const BOTTOM_OFFSET = 20;
export const MAX_BOTTOM_OFFSET = 1000;
/** Below this width the mobile settings apply. */
export const MOBILE_MAX_WIDTH = 767;

/** The default offset of a side. */
export function defaultOffset(side: ButtonSide, screen: 'desktop' | 'mobile'): number {
  return side === 'left' ? LEFT_OFFSET : RIGHT_OFFSET[screen];
}

const pick = <T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function percent(value: string | null | undefined, fallback: number): number {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : fallback;
}

function pixels(value: string | null | undefined, fallback: number): number {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? Math.round(Math.min(MAX_BOTTOM_OFFSET, Math.max(0, n))) : fallback;
}

/** Settings from attribute values (element attributes or a script tag's data-*), with the spec's defaults. */
export function readSettings(get: (name: string) => string | null | undefined): ChatButtonSettings {
  const positionDesktop = pick(get('position-desktop'), ['left', 'right'], 'right');
  const positionMobile = pick(get('position-mobile'), ['left', 'right'], 'right');
  return {
    phone: get('phone') ?? '',
    message: get('message') ?? DEFAULT_MESSAGE,
    text: get('text') || DEFAULT_TEXT,
    design: pick(get('design'), ['small', 'large', 'large-green'], 'large'),
    display: pick(get('display'), ['both', 'desktop', 'mobile'], 'both'),
    positionDesktop,
    positionMobile,
    offsetDesktop: percent(get('offset-desktop'), defaultOffset(positionDesktop, 'desktop')),
    offsetMobile: percent(get('offset-mobile'), defaultOffset(positionMobile, 'mobile')),
    offsetBottom: pixels(get('offset-bottom'), BOTTOM_OFFSET),
    messageDesktop: get('message-desktop') !== 'false',
    messageMobile: get('message-mobile') !== 'false',
  };
}

/** The number's digits, as wa.me takes them (a leading 00 dropped); empty when the phone has none. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '').replace(/^00/, '');
}

/**
 * The wa.me link the button opens: the number's digits and, when wanted, the URL-encoded message. A
 * leading 00 is the international prefix, not part of the number (wa.me/00905… opens no chat).
 */
export function chatLink(phone: string, message?: string): string {
  const digits = phoneDigits(phone);
  return message ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : `https://wa.me/${digits}`;
}

/** The attributes, in order, that configure the element (and, as data-*, the script tag). */
export const ATTRIBUTES = [
  'phone',
  'message',
  'text',
  'design',
  'display',
  'position-desktop',
  'position-mobile',
  'offset-desktop',
  'offset-mobile',
  'offset-bottom',
  'message-desktop',
  'message-mobile',
] as const;

/** The attributes that differ from the defaults, for a short snippet. */
export function settingsAttributes(s: ChatButtonSettings): [string, string][] {
  const out: [string, string][] = [['phone', s.phone.replace(/[^\d+]/g, '')]];
  if (s.message !== DEFAULT_MESSAGE) out.push(['message', s.message]);
  if (s.text !== DEFAULT_TEXT) out.push(['text', s.text]);
  if (s.design !== 'large') out.push(['design', s.design]);
  if (s.display !== 'both') out.push(['display', s.display]);
  if (s.positionDesktop !== 'right') out.push(['position-desktop', s.positionDesktop]);
  if (s.positionMobile !== 'right') out.push(['position-mobile', s.positionMobile]);
  if (s.offsetDesktop !== defaultOffset(s.positionDesktop, 'desktop'))
    out.push(['offset-desktop', String(s.offsetDesktop)]);
  if (s.offsetMobile !== defaultOffset(s.positionMobile, 'mobile')) out.push(['offset-mobile', String(s.offsetMobile)]);
  if (s.offsetBottom !== BOTTOM_OFFSET) out.push(['offset-bottom', String(s.offsetBottom)]);
  if (!s.messageDesktop) out.push(['message-desktop', 'false']);
  if (!s.messageMobile) out.push(['message-mobile', 'false']);
  return out;
}

const escAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The one-line embed: a script tag whose data-* attributes insert the button. */
export function embedSnippet(scriptUrl: string, s: ChatButtonSettings): string {
  const attrs = settingsAttributes(s)
    .map(([k, v]) => ` data-${k}="${escAttr(v)}"`)
    .join('');
  return `<script src="${escAttr(scriptUrl)}"${attrs} async></script>`;
}
