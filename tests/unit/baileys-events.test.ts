import { proto, WAMessageStubType, type GroupMetadata } from 'baileys';
import { describe, expect, it } from 'vitest';
import { SessionEventRouter } from '../../src/engines/baileys/session-events';
import { Recorder } from '../support/fake-wa/recorder';

const BOB = '905551110002@s.whatsapp.net';
const GROUP = '120363041234567890@g.us';
const lids = { getPNForLID: async (lid: string) => (lid === '111@lid' ? '905551110001:0@s.whatsapp.net' : null) };

function router() {
  const events = new Recorder();
  return { events, router: new SessionEventRouter(events, () => lids) };
}

describe("Baileys events as the runner's", () => {
  it("turns status changes of our messages into acks 1-4, revokes into 5, and ignores others' messages", async () => {
    const { events, router: r } = router();
    const key = { id: 'M1', remoteJid: BOB, fromMe: true };
    const S = proto.WebMessageInfo.Status;
    await r.messageUpdates([
      { key, update: { status: S.SERVER_ACK } },
      { key, update: { status: S.DELIVERY_ACK, messageTimestamp: 1_700_000_001 } },
      { key, update: { status: S.READ } },
      { key, update: { status: S.PLAYED } },
      { key: { ...key, id: 'M2' }, update: { messageStubType: WAMessageStubType.REVOKE } },
      { key: { ...key, fromMe: false, id: 'THEIRS' }, update: { status: S.READ } },
    ]);
    expect(events.acks.map((a) => [a.waId, a.ack, a.chatId])).toEqual([
      ['M1', 1, '905551110002@c.us'],
      ['M1', 2, '905551110002@c.us'],
      ['M1', 3, '905551110002@c.us'],
      ['M1', 4, '905551110002@c.us'],
      ['M2', 5, '905551110002@c.us'],
    ]);
    expect(events.acks[1]!.time).toBe(1_700_000_001);
  });

  it('takes acks from the server ack, from appended messages and from group receipts', async () => {
    const { events, router: r } = router();
    await r.serverAck({ tag: 'ack', attrs: { class: 'message', id: 'M1', from: '111@lid', t: '1700000000' } });
    await r.serverAck({ tag: 'ack', attrs: { class: 'message', id: 'M9', from: BOB, error: '479' } });
    await r.appended([
      { key: { id: 'M2', remoteJid: BOB, fromMe: true }, status: proto.WebMessageInfo.Status.DELIVERY_ACK },
    ]);
    await r.appended([
      { key: { id: 'M3', remoteJid: BOB, fromMe: true }, status: proto.WebMessageInfo.Status.PENDING },
    ]);
    await r.receipts([
      { key: { id: 'G1', remoteJid: GROUP, fromMe: true }, receipt: { userJid: BOB, readTimestamp: 1_700_000_005 } },
    ]);
    expect(events.acks).toEqual([
      { waId: 'M1', chatId: '905551110001@c.us', ack: 1, time: 1_700_000_000 },
      { waId: 'M2', chatId: '905551110002@c.us', ack: 2, time: expect.any(Number) },
      { waId: 'G1', chatId: GROUP, ack: 3, time: 1_700_000_005 },
    ]);
    expect(events.logs).toEqual([expect.objectContaining({ level: 'warn', waId: 'M9', error: '479' })]);
  });

  it('reports membership changes with phone numbers, a self-removal as leave, and subject changes as name', async () => {
    const { events, router: r } = router();
    r.rememberGroup(GROUP, 'Team');
    await r.participants({
      id: GROUP,
      author: '111@lid',
      participants: [{ id: '222@lid', phoneNumber: BOB }],
      action: 'promote',
    });
    await r.participants({ id: GROUP, author: BOB, participants: [{ id: BOB }], action: 'remove' });
    await r.groupUpdates([{ id: GROUP, subject: 'Team 2', author: '111@lid' }]);
    const meta = { id: GROUP, subject: 'Team 2', participants: [] } as unknown as GroupMetadata;
    await r.groupUpdates([meta]);
    expect(events.groupEvents.map(({ time: _t, ...e }) => e)).toEqual([
      {
        groupId: GROUP,
        groupName: 'Team',
        subtype: 'promote',
        participants: ['905551110002@c.us'],
        by: '905551110001@c.us',
      },
      {
        groupId: GROUP,
        groupName: 'Team',
        subtype: 'leave',
        participants: ['905551110002@c.us'],
        by: '905551110002@c.us',
      },
      { groupId: GROUP, groupName: 'Team 2', subtype: 'name', participants: [], by: '905551110001@c.us' },
    ]);
    expect(r.cachedGroup(GROUP)).toBe(meta);
  });

  it('lists chats and contacts by phone number, leaving out broadcasts and unmapped LIDs', async () => {
    const { events, router: r } = router();
    await r.chats(
      [{ id: GROUP, name: 'Team' }, { id: 'status@broadcast' }, { id: '333@lid', pnJid: BOB, name: 'Bob' }],
      [
        { id: '111@lid', notify: 'Alice' },
        { id: '444@lid', name: 'Nobody knows' },
      ],
    );
    expect(events.chatLists).toEqual([
      [
        { id: GROUP, name: 'Team', type: 'group' },
        { id: '905551110002@c.us', name: 'Bob', type: 'chat' },
        { id: '905551110001@c.us', name: 'Alice', type: 'chat' },
      ],
    ]);
  });
});
