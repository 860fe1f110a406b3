/** The chat button for bundlers: the element (no React) and the helpers the console's form uses. */
export { ChatButtonElement, TAG, defineChatButton } from './element.js';
export * from './settings.js';
