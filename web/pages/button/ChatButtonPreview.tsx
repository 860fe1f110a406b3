import { useEffect, useRef } from 'react';
import {
  ATTRIBUTES,
  TAG,
  defineChatButton,
  phoneDigits,
  settingsAttributes,
  type ChatButtonSettings,
} from '@wapi/widgets/chat-button';

/**
 * The real `<wapi-chat-button>` in a framed box. The box is transformed, which makes it the
 * containing block of the button's fixed position, so the button sits in the box's corner as it
 * would in the visitor's window. Without a number the element shows nothing (and warns), so the
 * preview puts it in only once there is one.
 */
export function ChatButtonPreview({ settings }: { settings: ChatButtonSettings }) {
  const box = useRef<HTMLDivElement>(null);
  const hasPhone = phoneDigits(settings.phone) !== '';
  useEffect(() => {
    const el = box.current!.querySelector(TAG);
    if (!hasPhone) {
      el?.remove();
      return;
    }
    defineChatButton();
    const button = el ?? document.createElement(TAG);
    // Set before removing, so the element never sees itself without a phone.
    const want = new Map(settingsAttributes(settings));
    for (const [name, value] of want) if (button.getAttribute(name) !== value) button.setAttribute(name, value);
    for (const name of ATTRIBUTES) if (!want.has(name)) button.removeAttribute(name);
    if (!button.isConnected) box.current!.append(button);
  }, [settings, hasPhone]);
  return (
    <figure className="w-button-preview-figure">
      <div ref={box} className="w-button-preview" />
      <figcaption className="w-muted">
        Preview: the button as visitors see it at this screen width{hasPhone ? '.' : ', once there is a phone number.'}
      </figcaption>
    </figure>
  );
}
