import { generateWAMessageContent, proto, type WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import { forwardable, quotable, toBaileysContent, toSendOptions, waKey } from '../../src/engines/baileys/content';
import type { OutgoingContent, StoredMessage } from '../../src/engines/types';

/** Baileys' own message builder, with an upload that never leaves the process. */
const build = (content: OutgoingContent, forward?: WAMessage) =>
  generateWAMessageContent(toBaileysContent(content, forward), {
    upload: async () => ({ mediaUrl: 'https://mmg.example.invalid/x', directPath: '/v/x' }),
  });

const target = { id: '3EB0AAAA', chatId: '905301234567@c.us', fromMe: true };
const vcard = (n: string) =>
  `BEGIN:VCARD\nVERSION:3.0\nFN:${n}\nTEL;type=CELL;waid=905301234567:+905301234567\nEND:VCARD`;
const stored = (message: StoredMessage['message']): StoredMessage => ({
  key: { id: message.id, chatId: '905301234567@c.us', fromMe: false },
  message,
  timestamp: 1_700_000_000,
});

describe('outgoing content for Baileys', () => {
  it('sends text with mentions in WhatsApp spelling and no link preview lookup', async () => {
    const m = await build({ type: 'text', text: 'Hi @905301234567', mentions: ['905301234567@c.us'] });
    expect(m.extendedTextMessage?.text).toBe('Hi @905301234567');
    expect(m.extendedTextMessage?.contextInfo?.mentionedJid).toEqual(['905301234567@s.whatsapp.net']);
  });

  it('picks the media kind by MIME type', () => {
    const media = (mime: string) => ({
      type: 'media' as const,
      media: { data: new Uint8Array([1, 2, 3]), mime, filename: 'f' },
      caption: 'c',
    });
    expect(Object.keys(toBaileysContent(media('image/jpeg')))).toContain('image');
    expect(Object.keys(toBaileysContent(media('image/webp')))).toContain('sticker');
    expect(Object.keys(toBaileysContent(media('video/mp4')))).toContain('video');
    expect(toBaileysContent(media('audio/ogg; codecs=opus'))).toMatchObject({ ptt: true });
    expect(toBaileysContent(media('audio/mpeg'))).toMatchObject({ ptt: false });
    expect(toBaileysContent(media('application/pdf'))).toMatchObject({
      mimetype: 'application/pdf',
      fileName: 'f',
      caption: 'c',
    });
  });

  it('sends a document through the (stubbed) upload with its name and caption', async () => {
    const m = await build({
      type: 'media',
      media: { data: new TextEncoder().encode('%PDF-1.4'), mime: 'application/pdf', filename: 'offer.pdf' },
      caption: 'Our offer',
    });
    expect(m.documentMessage).toMatchObject({
      mimetype: 'application/pdf',
      fileName: 'offer.pdf',
      caption: 'Our offer',
      directPath: '/v/x',
    });
  });

  it('sends one contact card as a contact message and several as a contacts array', async () => {
    const one = await build({ type: 'vcard', contacts: [{ displayName: 'Ali', vcard: vcard('Ali') }] });
    expect(one.contactMessage).toMatchObject({ displayName: 'Ali', vcard: vcard('Ali') });
    const many = await build({
      type: 'vcard',
      contacts: [
        { displayName: 'Ali', vcard: vcard('Ali') },
        { displayName: 'Veli', vcard: vcard('Veli') },
      ],
    });
    expect(many.contactsArrayMessage?.contacts?.map((c) => c.displayName)).toEqual(['Ali', 'Veli']);
    const contact = await build({ type: 'contact', jid: '905301234567@c.us', displayName: 'Ali', vcard: vcard('Ali') });
    expect(contact.contactMessage?.displayName).toBe('Ali');
  });

  it('deletes, reacts to and edits a message by its key', async () => {
    expect((await build({ type: 'delete', target })).protocolMessage).toMatchObject({
      type: proto.Message.ProtocolMessage.Type.REVOKE,
      key: { id: '3EB0AAAA', remoteJid: '905301234567@s.whatsapp.net', fromMe: true },
    });
    expect((await build({ type: 'reaction', emoji: '👍', target })).reactionMessage).toMatchObject({
      text: '👍',
      key: { id: '3EB0AAAA' },
    });
    const edit = (await build({ type: 'edit', text: 'fixed', target })).protocolMessage;
    expect(edit?.type).toBe(proto.Message.ProtocolMessage.Type.MESSAGE_EDIT);
    expect(edit?.editedMessage?.extendedTextMessage?.text).toBe('fixed');
    expect(
      waKey({ id: 'X', chatId: '120363041234567890@g.us', fromMe: false, participant: '905301234567@c.us' }),
    ).toEqual({
      id: 'X',
      remoteJid: '120363041234567890@g.us',
      fromMe: false,
      participant: '905301234567@s.whatsapp.net',
    });
  });

  it('sends locations, links and polls', async () => {
    expect(
      (await build({ type: 'location', latitude: 38.39, longitude: 28.96, name: 'Office' })).locationMessage,
    ).toMatchObject({ degreesLatitude: 38.39, degreesLongitude: 28.96, name: 'Office' });
    expect(toBaileysContent({ type: 'link', url: 'https://wapi.dev', text: 'See' })).toEqual({
      text: 'See\nhttps://wapi.dev',
    });
    const poll = await build({ type: 'poll', name: 'Lunch?', options: ['Yes', 'No'], selectableCount: 1 });
    expect(poll.pollCreationMessageV3).toMatchObject({
      name: 'Lunch?',
      selectableOptionsCount: 1,
      options: [{ optionName: 'Yes' }, { optionName: 'No' }],
    });
  });

  it('refuses product and button messages, which linked devices cannot send', () => {
    expect(() => toBaileysContent({ type: 'product', productId: '1' })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED' }),
    );
    expect(() => toBaileysContent({ type: 'buttons', text: 't', buttons: [{ id: '1', text: 'A' }] })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED' }),
    );
  });

  it("forwards the kept original (optionally without its caption), or a text rebuilt from the API's copy", async () => {
    const original: WAMessage = {
      key: { id: 'IMG', remoteJid: '905301234567@s.whatsapp.net', fromMe: false },
      message: { imageMessage: { caption: 'Look', mimetype: 'image/jpeg', url: 'https://mmg.example.invalid/i' } },
    };
    const withCaption = await build(
      { type: 'forward', message: stored({ id: 'IMG', type: 'image', fromMe: false }), withCaption: true },
      forwardable(stored({ id: 'IMG', type: 'image', fromMe: false }), original, true),
    );
    expect(withCaption.imageMessage?.caption).toBe('Look');
    expect(withCaption.imageMessage?.contextInfo?.isForwarded).toBe(true);
    expect(
      forwardable(stored({ id: 'IMG', type: 'image', fromMe: false }), original, false).message?.imageMessage?.caption,
    ).toBeNull();
    expect(original.message?.imageMessage?.caption).toBe('Look');
    expect(
      forwardable(stored({ id: 'T', type: 'text', text: 'hello', fromMe: false }), undefined, true).message,
    ).toEqual({ conversation: 'hello' });
    expect(() => forwardable(stored({ id: 'IMG', type: 'image', fromMe: false }), undefined, true)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
  });

  it('quotes the kept original, or its text, and sends with our message id', () => {
    const q = quotable(stored({ id: 'Q', type: 'image', caption: 'A photo', fromMe: false }), undefined);
    expect(q).toMatchObject({
      key: { id: 'Q', remoteJid: '905301234567@s.whatsapp.net' },
      message: { conversation: 'A photo' },
    });
    expect(toSendOptions({ waId: '3EB0BBBB' }, q)).toEqual({ messageId: '3EB0BBBB', quoted: q });
  });
});
