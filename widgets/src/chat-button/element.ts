import { ICON, chatButtonCss } from './styles.js';
import { ATTRIBUTES, MOBILE_MAX_WIDTH, chatLink, readSettings, type ChatButtonSettings } from './settings.js';

/** The custom element's tag. */
export const TAG = 'wapi-chat-button';

const escHtml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * `<wapi-chat-button phone="…">`: a WhatsApp chat button in a closed-off shadow root. It fetches
 * nothing and stores nothing; the link is only followed when the visitor clicks.
 */
export class ChatButtonElement extends HTMLElement {
  static get observedAttributes(): readonly string[] {
    return ATTRIBUTES;
  }

  readonly #root = this.attachShadow({ mode: 'open' });

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

  #render(): void {
    const s = this.settings;
    const label = s.design === 'small' ? '' : `<span>${escHtml(s.text)}</span>`;
    this.#root.innerHTML = `<style>${chatButtonCss(s)}</style><a class="${s.design}" href="${escHtml(this.href)}" target="_blank" rel="noopener noreferrer" aria-label="${escHtml(s.text)}" title="${escHtml(s.text)}">${ICON}${label}</a>`;
    const link = this.#root.querySelector('a')!;
    // The screen may have changed size since rendering: the link is settled at the click.
    link.addEventListener('click', () => (link.href = this.href));
  }
}

/** Defines `<wapi-chat-button>` once, whoever loads it first. */
export function defineChatButton(): void {
  if (!customElements.get(TAG)) customElements.define(TAG, ChatButtonElement);
}
