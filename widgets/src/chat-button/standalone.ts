import { ATTRIBUTES } from './settings.js';
import { TAG, defineChatButton } from './element.js';

/**
 * The `<script src="…/chat-button.js" data-phone="…">` entry: defines the element and, when the
 * script tag carries a phone, inserts one button configured by its data-* attributes, unless the
 * page has a button already (the script loaded twice, or an element placed by hand): one button.
 */
defineChatButton();

const script = document.currentScript;
if (script?.hasAttribute('data-phone')) {
  const insert = () => {
    if (document.querySelector(TAG)) return;
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
