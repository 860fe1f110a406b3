/** The chat button's settings (spec 2.5): defaults, attribute parsing, the link and the snippet. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MESSAGE,
  DEFAULT_TEXT,
  chatLink,
  embedSnippet,
  readSettings,
} from '../../widgets/src/chat-button/settings';

const from = (attrs: Record<string, string>) => readSettings((name) => attrs[name] ?? null);

describe('chat button settings', () => {
  it('has the spec defaults', () => {
    expect(from({ phone: '+905551234567' })).toEqual({
      phone: '+905551234567',
      message: "I'm interested in this product and I have a few questions. Can you help?",
      text: 'Chat with Us',
      design: 'large',
      display: 'both',
      positionDesktop: 'right',
      positionMobile: 'right',
      offsetDesktop: 95,
      offsetMobile: 82,
      offsetBottom: 20,
      messageDesktop: true,
      messageMobile: true,
    });
  });

  it('puts a left button at 10% on both screens and reads every attribute', () => {
    const s = from({
      phone: '1',
      'position-desktop': 'left',
      'position-mobile': 'left',
      design: 'large-green',
      display: 'mobile',
      text: 'Hi',
      'message-desktop': 'false',
    });
    expect([s.offsetDesktop, s.offsetMobile, s.design, s.display, s.text, s.messageDesktop, s.messageMobile]).toEqual([
      10,
      10,
      'large-green',
      'mobile',
      'Hi',
      false,
      true,
    ]);
    expect(from({ 'offset-desktop': '150', 'offset-mobile': 'x' })).toMatchObject({
      offsetDesktop: 100,
      offsetMobile: 82,
    });
  });

  it('reads offset-bottom as whole pixels from 0 to 1000 and writes it into the snippet when changed', () => {
    expect(
      [
        from({ 'offset-bottom': '96' }),
        from({ 'offset-bottom': '-5' }),
        from({ 'offset-bottom': '5000' }),
        from({ 'offset-bottom': 'x' }),
      ].map((s) => s.offsetBottom),
    ).toEqual([96, 0, 1000, 20]);
    expect(embedSnippet('/w.js', from({ phone: '1', 'offset-bottom': '80' }))).toBe(
      '<script src="/w.js" data-phone="1" data-offset-bottom="80" async></script>',
    );
  });

  it('falls back to the defaults on unknown values', () => {
    expect(from({ design: 'huge', display: 'tv', 'position-desktop': 'top', text: '' })).toMatchObject({
      design: 'large',
      display: 'both',
      positionDesktop: 'right',
      text: DEFAULT_TEXT,
    });
  });

  it('opens wa.me with the digits and the URL-encoded message', () => {
    expect(chatLink('+90 (555) 123-45-67', DEFAULT_MESSAGE)).toBe(
      "https://wa.me/905551234567?text=I'm%20interested%20in%20this%20product%20and%20I%20have%20a%20few%20questions.%20Can%20you%20help%3F",
    );
    expect(chatLink('+1 555', undefined)).toBe('https://wa.me/1555');
    expect(chatLink('0090 555 123 45 67')).toBe('https://wa.me/905551234567');
  });

  it('writes a snippet with only the changed settings, escaped', () => {
    const base = from({ phone: '+90 555' });
    expect(embedSnippet('https://w.example/widgets/chat-button.js', base)).toBe(
      '<script src="https://w.example/widgets/chat-button.js" data-phone="+90555" async></script>',
    );
    const snippet = embedSnippet('/w.js', {
      ...base,
      text: 'Say "hi" <now>',
      design: 'small',
      positionMobile: 'left',
      offsetMobile: 10,
    });
    expect(snippet).toBe(
      '<script src="/w.js" data-phone="+90555" data-text="Say &quot;hi&quot; &lt;now>" data-design="small" data-position-mobile="left" async></script>',
    );
  });
});
