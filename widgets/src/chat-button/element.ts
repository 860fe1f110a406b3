import { adoptCss } from '../adopt-css.js';
import { HIDDEN_CSS, ICON, chatButtonCss } from './styles.js';
import {
  ATTRIBUTES,
  MOBILE_MAX_WIDTH,
  chatLink,
  phoneDigits,
  readSettings,
  type ChatButtonSettings,
} from './settings.js';

/** The custom element's tag. */
export const TAG = 'wapi-chat-button';

/** What the console says when an element has no number to open a chat with. */
export const MISSING_PHONE_WARNING = `<${TAG}>: no phone number, so no button is shown.`;

const escHtml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

// Importing the module during server rendering (Node, no DOM) must not throw: the class then extends
// a stand-in and `defineChatButton()` does nothing.
const Base: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/**
 * `<wapi-chat-button phone="…">`: a WhatsApp chat button in a closed-off shadow root. It fetches
 * nothing and stores nothing; the link is only followed when the visitor clicks. Its styles are a
 * constructable stylesheet, so a host page whose CSP forbids inline styles still shows it styled
 * (a `<style>` element is the fallback where the browser has none).
 */
export class ChatButtonElement extends Base {
  static get observedAttributes(): readonly string[] {
    return ATTRIBUTES;
  }

  readonly #root = this.attachShadow({ mode: 'open' });
  #sheet: CSSStyleSheet | null | undefined;
  #warned = false;

  /** The settings the attributes give, with the spec's defaults. */
  get settings(): ChatButtonSettings {
    return readSettings((name) => this.getAttribute(name));
  }

  /** The link a click opens now (the message follows the desktop or mobile checkbox of this screen). */
  get href(): string {
    const s = this.settings;
    const mobile = typeof matchMedia === 'function' && matchMedia(`(max-width:${MOBILE_MAX_WIDTH}px)`).matches;
    return chatLink(s.phone, (mobile ? s.messageMobile : s.messageDesktop) ? s.message : undefined);
  }

  connectedCallback(): void {
    this.#render();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#render();
  }

  /** Puts `css` in the constructable sheet, or returns it as a `<style>` for browsers without one. */
  #style(css: string): string {
    if (this.#sheet === undefined) this.#sheet = adoptCss(this.#root, css);
    else this.#sheet?.replaceSync(css);
    return this.#sheet ? '' : `<style>${css}</style>`;
  }

  #render(): void {
    const s = this.settings;
    if (!phoneDigits(s.phone)) {
      // Nothing to open a chat with: no button, and one warning for whoever wrote the tag.
      this.#root.innerHTML = this.#style(HIDDEN_CSS);
      if (!this.#warned) console.warn(MISSING_PHONE_WARNING);
      this.#warned = true;
      return;
    }
    this.#warned = false;
    const label = s.design === 'small' ? '' : `<span>${escHtml(s.text)}</span>`;
    this.#root.innerHTML = `${this.#style(chatButtonCss(s))}<a class="${s.design}" href="${escHtml(this.href)}" target="_blank" rel="noopener noreferrer" aria-label="${escHtml(s.text)}" title="${escHtml(s.text)}">${ICON}${label}</a>`;
    const link = this.#root.querySelector('a')!;
    // The screen may have changed size since rendering: the link is settled at the click.
    link.addEventListener('click', () => (link.href = this.href));
  }
}

/** Defines `<wapi-chat-button>` once, whoever loads it first; does nothing outside a browser. */
export function defineChatButton(): void {
  if (typeof customElements !== 'undefined' && !customElements.get(TAG)) customElements.define(TAG, ChatButtonElement);
}
