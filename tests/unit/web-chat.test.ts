import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseFormatting } from '../../web/lib/wa-format';
import { FormattedText } from '../../web/pages/phone-detail/FormattedText';
import { MessageBody } from '../../web/pages/phone-detail/MessageBody';
import { vcardPhone } from '../../web/pages/phone-detail/MessageCards';
import { withOpenChatRead, type ChatMessage, type Conversation } from '../../web/stores/phone-chat';

const html = (m: Partial<ChatMessage> & { type: string }) =>
  renderToStaticMarkup(createElement(MessageBody, { message: { id: 'x', fromMe: true, timestamp: 0, ...m } }));
const text = (t: string) => renderToStaticMarkup(createElement(FormattedText, { text: t }));

describe('WhatsApp formatting', () => {
  it('parses bold, italic, strike and monospace, nested, and leaves unmatched markers as typed', () => {
    expect(parseFormatting('*bold* _it_ ~gone~ ```a *b*```')).toEqual([
      { style: 'bold', children: ['bold'] },
      ' ',
      { style: 'italic', children: ['it'] },
      ' ',
      { style: 'strike', children: ['gone'] },
      ' ',
      { style: 'mono', children: ['a *b*'] },
    ]);
    expect(parseFormatting('*_both_*')).toEqual([
      { style: 'bold', children: [{ style: 'italic', children: ['both'] }] },
    ]);
    expect(parseFormatting('2*3*4 snake_case_name * not bold *')).toEqual(['2*3*4 snake_case_name * not bold *']);
    expect(parseFormatting('*open\nclose*')).toEqual(['*open\nclose*']);
    expect(parseFormatting('see https://example.com/a_b_c.')).toEqual([
      'see ',
      { link: 'https://example.com/a_b_c' },
      '.',
    ]);
  });

  it('renders elements, never the text as HTML', () => {
    expect(text('*hi* _there_ ~x~ ```code```')).toBe(
      '<p class="w-msg__text"><strong>hi</strong> <em>there</em> <s>x</s> <code>code</code></p>',
    );
    const hostile = text('*<img src=x onerror=alert(1)>* <script>alert(1)</script> javascript:alert(1)');
    expect(hostile).not.toContain('<img');
    expect(hostile).not.toContain('<script');
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile).not.toContain('href');
    expect(text('go https://x.test/?a=1&b="2"')).toContain('href="https://x.test/?a=1&amp;b="');
  });
});

describe('chat pane message types', () => {
  it('renders every type the API sends or receives, none as unsupported', () => {
    const cases: [Partial<ChatMessage> & { type: string }, string][] = [
      [{ type: 'media', url: '/media/a', mime: 'image/png', caption: '*Look*' }, '<img src="/media/a" alt="*Look*"'],
      [{ type: 'image', url: '/media/b/p.jpg' }, '<img src="/media/b/p.jpg"'],
      [{ type: 'media', url: '/media/c', mime: 'video/mp4' }, '<video class="w-msg__video" src="/media/c"'],
      [{ type: 'ptt', url: '/media/d/v.ogg' }, '<audio class="w-msg__audio" src="/media/d/v.ogg"'],
      [{ type: 'media', url: 'https://x.test/dummy.pdf', filename: 'dummy.pdf' }, 'dummy.pdf</a>'],
      [{ type: 'media', url: '/media/e', mime: 'image/webp' }, 'class="w-msg__sticker"'],
      [{ type: 'sticker', url: '/media/f' }, 'alt="Sticker"'],
      [
        { type: 'location', payload: '41.09,29.06', text: 'Bridge' },
        'href="https://www.openstreetmap.org/?mlat=41.09&amp;mlon=29.06',
      ],
      [
        {
          type: 'vcard',
          vcardList: [{ displayName: 'John Doe', vcard: 'BEGIN:VCARD\nTEL;TYPE=CELL:+9051234567\nEND:VCARD' }],
        },
        'John Doe<span class="w-msg__sub">+9051234567</span>',
      ],
      [{ type: 'contact', text: '908501234567@c.us' }, '+908501234567'],
      [
        { type: 'poll', text: 'Which day?', options: ['Mon', 'Tue'], only_one: true },
        '<strong>Which day?</strong><span class="w-msg__sub">Select one</span><ul aria-label="Poll options"><li>Mon</li><li>Tue</li></ul>',
      ],
      [{ type: 'buttons', text: 'Body', title: 'T', footer: 'F', buttons: [{ id: '1', text: 'Yes' }] }, '<li>Yes</li>'],
      [
        { type: 'link', text: 'Site\nhttps://maytapi.com/', url: 'https://maytapi.com/', title: 'Site' },
        '<a class="w-msg__link" href="https://maytapi.com/"',
      ],
      [{ type: 'reaction', text: '😀' }, 'Reacted 😀'],
      [{ type: 'revoked' }, 'This message was deleted'],
    ];
    for (const [m, expected] of cases) {
      const out = html(m);
      expect(out, m.type).toContain(expected);
      expect(out, m.type).not.toContain('Unsupported');
    }
    expect(html({ type: 'hologram' })).toContain('Unsupported message type: hologram');
    expect(vcardPhone('BEGIN:VCARD\nFN:A\nTEL;type=CELL;waid=905:+905\nEND:VCARD')).toBe('+905');
  });

  it('shows the open conversation as read', () => {
    const c = (id: string, unreadCount: number) => ({ id, unreadCount }) as Conversation;
    expect(withOpenChatRead([c('a@c.us', 2), c('b@c.us', 1)], 'a@c.us').map((x) => x.unreadCount)).toEqual([0, 1]);
  });
});
