import { proto, WAMessageStubType, type WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import { toIncoming, type IncomingContext } from '../../src/engines/baileys/incoming';

const ALICE = '905551110001@s.whatsapp.net';
const GROUP = '120363041234567890@g.us';

function ctx(extra: Partial<IncomingContext> = {}): IncomingContext {
  return {
    me: { number: '905301112233', name: 'Wapi' },
    lids: { getPNForLID: async (lid) => (lid === '111@lid' ? '905551110002:0@s.whatsapp.net' : null) },
    maxMediaBytes: 1_000,
    download: async () => new Uint8Array([1, 2, 3]),
    groupName: async (jid) => (jid === GROUP ? 'Team' : undefined),
    ...extra,
  };
}

function msg(message: proto.IMessage, extra: Partial<WAMessage> = {}): WAMessage {
  return {
    key: { id: '3EB0X', remoteJid: ALICE, fromMe: false },
    message,
    messageTimestamp: 1_700_000_000,
    pushName: 'Alice',
    ...extra,
  };
}

describe("incoming Baileys messages in the API's shape", () => {
  it('gives a text message its sender, chat and time', async () => {
    const m = await toIncoming(msg({ conversation: 'Merhaba' }), ctx());
    expect(m).toEqual({
      key: { id: '3EB0X', chatId: '905551110001@c.us', fromMe: false },
      message: { id: '3EB0X', type: 'text', text: 'Merhaba', fromMe: false },
      from: { jid: '905551110001@c.us', name: 'Alice', number: '905551110001' },
      timestamp: 1_700_000_000,
    });
  });

  it('resolves mentions and the participant of a LID-addressed group message', async () => {
    const m = await toIncoming(
      msg(
        {
          extendedTextMessage: {
            text: 'Hi @905301112233',
            contextInfo: { mentionedJid: ['905301112233@s.whatsapp.net', '111@lid'] },
          },
        },
        { key: { id: 'G1', remoteJid: GROUP, fromMe: false, participant: '222@lid', participantAlt: ALICE } },
      ),
      ctx(),
    );
    expect(m?.key).toEqual({ id: 'G1', chatId: GROUP, fromMe: false, participant: '905551110001@c.us' });
    expect(m?.message.mentions).toEqual(['905301112233@c.us', '905551110002@c.us']);
    expect(m?.from.jid).toBe('905551110001@c.us');
    expect(m?.chatName).toBe('Team');
  });

  it('carries the quoted message', async () => {
    const m = await toIncoming(
      msg({
        extendedTextMessage: {
          text: 'Yes',
          contextInfo: {
            stanzaId: 'Q1',
            participant: '905301112233@s.whatsapp.net',
            quotedMessage: { conversation: 'Coming?' },
          },
        },
      }),
      ctx({ original: async () => msg({ conversation: 'Coming?' }, { messageTimestamp: 1_699_999_000 }) }),
    );
    expect(m?.quoted).toEqual({
      key: { id: 'Q1', chatId: '905551110001@c.us', fromMe: true },
      message: { id: 'Q1', type: 'text', text: 'Coming?', fromMe: true },
      timestamp: 1_699_999_000,
      from: { jid: '905301112233@c.us', name: 'Wapi', number: '905301112233' },
    });
  });

  it('describes media with caption, file name and MIME type, and downloads the bytes', async () => {
    const image = await toIncoming(
      msg({ imageMessage: { caption: 'Look', mimetype: 'image/jpeg', fileLength: 3 } }),
      ctx(),
    );
    expect(image?.message).toMatchObject({
      type: 'image',
      caption: 'Look',
      mime: 'image/jpeg',
      filename: 'wa-media-3EB0X.jpeg',
    });
    expect(image?.media).toEqual({
      data: new Uint8Array([1, 2, 3]),
      mime: 'image/jpeg',
      filename: 'wa-media-3EB0X.jpeg',
    });
    const doc = await toIncoming(
      msg({
        documentWithCaptionMessage: {
          message: { documentMessage: { fileName: 'offer.pdf', mimetype: 'application/pdf', caption: 'Offer' } },
        },
      }),
      ctx(),
    );
    expect(doc?.message).toMatchObject({
      type: 'document',
      caption: 'Offer',
      filename: 'offer.pdf',
      mime: 'application/pdf',
    });
    expect(
      (await toIncoming(msg({ audioMessage: { ptt: true, mimetype: 'audio/ogg; codecs=opus' } }), ctx()))?.message,
    ).toMatchObject({ type: 'ptt', filename: 'wa-media-3EB0X.ogg' });
    expect((await toIncoming(msg({ videoMessage: { mimetype: 'video/mp4' } }), ctx()))?.message.type).toBe('video');
    expect((await toIncoming(msg({ stickerMessage: { mimetype: 'image/webp' } }), ctx()))?.message.type).toBe(
      'sticker',
    );
  });

  it('announces media over the size limit, or that failed to download, without bytes', async () => {
    expect(
      (await toIncoming(msg({ videoMessage: { mimetype: 'video/mp4', fileLength: 5_000 } }), ctx()))?.media,
    ).toBeUndefined();
    expect(
      (await toIncoming(msg({ imageMessage: { mimetype: 'image/png' } }), ctx({ download: async () => null })))?.media,
    ).toBeUndefined();
  });

  it('gives locations as "lat,lng" and contact cards as a vcard list', async () => {
    expect(
      (
        await toIncoming(
          msg({ locationMessage: { degreesLatitude: 38.3978531, degreesLongitude: 28.968876, name: 'Office' } }),
          ctx(),
        )
      )?.message,
    ).toMatchObject({
      type: 'location',
      payload: '38.3978531,28.968876',
      text: 'Office',
    });
    expect(
      (await toIncoming(msg({ contactMessage: { displayName: 'Ali', vcard: 'BEGIN:VCARD…' } }), ctx()))?.message,
    ).toMatchObject({ type: 'vcard', vcardList: [{ displayName: 'Ali', vcard: 'BEGIN:VCARD…' }] });
    const many = await toIncoming(
      msg({
        contactsArrayMessage: {
          contacts: [
            { displayName: 'A', vcard: 'a' },
            { displayName: 'B', vcard: 'b' },
          ],
        },
      }),
      ctx(),
    );
    expect(many?.message).toMatchObject({
      type: 'multi_vcard',
      vcardList: [
        { displayName: 'A', vcard: 'a' },
        { displayName: 'B', vcard: 'b' },
      ],
    });
  });

  it('gives reactions, revokes, edits and polls their targets', async () => {
    expect(
      (await toIncoming(msg({ reactionMessage: { text: '👍', key: { id: 'T1' } } }), ctx()))?.message,
    ).toMatchObject({ type: 'reaction', text: '👍', target: 'T1' });
    const revoke = { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'T2' } } };
    expect((await toIncoming(msg(revoke), ctx()))?.message).toMatchObject({ type: 'revoked', target: 'T2' });
    const edit = {
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        key: { id: 'T3' },
        editedMessage: { conversation: 'fixed' },
      },
    };
    expect((await toIncoming(msg(edit), ctx()))?.message).toMatchObject({ type: 'edit', text: 'fixed', target: 'T3' });
    expect(
      (await toIncoming(msg({ pollCreationMessageV3: { name: 'Lunch?', options: [{ optionName: 'Yes' }] } }), ctx()))
        ?.message,
    ).toMatchObject({ type: 'poll', text: 'Lunch?', options: ['Yes'] });
  });

  it('turns group notifications into info messages and skips what the API does not show', async () => {
    const added = msg(
      {},
      {
        key: { id: 'N1', remoteJid: GROUP, fromMe: false, participant: '222@lid' },
        message: undefined,
        messageStubType: WAMessageStubType.GROUP_PARTICIPANT_ADD,
        messageStubParameters: [JSON.stringify({ id: '111@lid' })],
      },
    );
    expect((await toIncoming(added, ctx()))?.message).toEqual({
      id: 'N1',
      type: 'info',
      subtype: 'group/add',
      participant: '905551110002@c.us',
      fromMe: false,
    });
    const history = { protocolMessage: { type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION } };
    expect(await toIncoming(msg(history), ctx())).toBeNull();
  });

  it('gives our own messages from the phone our number and name', async () => {
    const m = await toIncoming(
      msg({ conversation: 'sent from the phone' }, { key: { id: 'M1', remoteJid: ALICE, fromMe: true } }),
      ctx(),
    );
    expect(m?.key.fromMe).toBe(true);
    expect(m?.from).toEqual({ jid: '905301112233@c.us', name: 'Wapi', number: '905301112233' });
  });
});
