import { useEffect, useRef } from 'react';
import { ATTRIBUTES, settingsAttributes, type ChatButtonSettings } from '../../../widgets/src/chat-button/settings';
import { TAG, defineChatButton } from '../../../widgets/src/chat-button/element';

/**
 * The real `<wapi-chat-button>` in a framed box. The box is transformed, which makes it the
 * containing block of the button's fixed position, so the button sits in the box's corner as it
 * would in the visitor's window.
 */
export function ChatButtonPreview({ settings }: { settings: ChatButtonSettings }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    defineChatButton();
    const el = document.createElement(TAG);
    box.current!.append(el);
    return () => el.remove();
  }, []);
  useEffect(() => {
    const el = box.current!.querySelector(TAG)!;
    for (const name of ATTRIBUTES) el.removeAttribute(name);
    for (const [name, value] of settingsAttributes(settings)) el.setAttribute(name, value);
  }, [settings]);
  return (
    <figure className="w-button-preview-figure">
      <div ref={box} className="w-button-preview" />
      <figcaption className="w-muted">Preview: the button as visitors see it at this screen width.</figcaption>
    </figure>
  );
}
