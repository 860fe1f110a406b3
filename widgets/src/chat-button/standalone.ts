import { ATTRIBUTES } from './settings.js';
import { TAG, defineChatButton } from './element.js';

/**
 * The `<script src="…/chat-button.js" data-phone="…">` entry: defines the element and, when the
 * script tag carries a phone, inserts one button configured by its data-* attributes.
 */
defineChatButton();

const script = document.currentScript;
if (script?.hasAttribute('data-phone')) {
  const insert = () => {
    const button = document.createElement(TAG);
    for (const name of ATTRIBUTES) {
      const value = script.getAttribute(`data-${name}`);
      if (value !== null) button.setAttribute(name, value);
    }
    document.body.append(button);
  };
  if (document.body) insert();
  else document.addEventListener('DOMContentLoaded', insert, { once: true });
}
