/**
 * The `<wapi-chat-button>` JSX type for React users: loaded with `@wapi/widgets` (whose types need
 * React's anyway); users of `@wapi/widgets/chat-button` alone add `import type {} from '@wapi/widgets/jsx'`.
 * Kept out of the chat-button entry so its types need no React.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ChatButtonElement } from './chat-button/element.js';
import type { ButtonDesign, ButtonDisplay, ButtonSide } from './chat-button/settings.js';

type Flag = 'true' | 'false';

/** The attributes of `<wapi-chat-button>` (the package README lists them with their defaults). */
export interface ChatButtonAttributes extends DetailedHTMLProps<HTMLAttributes<ChatButtonElement>, ChatButtonElement> {
  phone: string;
  message?: string;
  text?: string;
  design?: ButtonDesign;
  display?: ButtonDisplay;
  'position-desktop'?: ButtonSide;
  'position-mobile'?: ButtonSide;
  'offset-desktop'?: number | `${number}`;
  'offset-mobile'?: number | `${number}`;
  'offset-bottom'?: number | `${number}`;
  'message-desktop'?: Flag;
  'message-mobile'?: Flag;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'wapi-chat-button': ChatButtonAttributes;
    }
  }
}
