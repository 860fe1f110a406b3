import {
  isJidBroadcast,
  isJidNewsletter,
  isLidUser,
  proto,
  toNumber,
  WAMessageStubType,
  type BaileysEventMap,
  type BinaryNode,
  type Chat,
  type Contact,
  type GroupMetadata,
  type MessageUserReceiptUpdate,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from 'baileys';
import type { AckCode, ChatSummary, GroupSubtype, SessionEvents } from '../types';
import { isGroupJid, personJid, type LidLookup } from './jid';

/** Group metadata handed to Baileys for sending to groups is this fresh at most. */
const GROUP_CACHE_MS = 5 * 60_000;
const Status = proto.WebMessageInfo.Status;
const seconds = () => Math.floor(Date.now() / 1000);

/**
 * Turns Baileys' events about sent messages, groups and chats into the runner's: acks (1 server,
 * 2 delivered, 3 read, 4 played, 5 revoked), group events and chat summaries. Keeps the groups it
 * saw, for their names and for Baileys' `cachedGroupMetadata`.
 */
export class SessionEventRouter {
  private readonly groupCache = new Map<string, { name: string; meta?: GroupMetadata; at: number }>();

  constructor(
    private readonly events: SessionEvents,
    private readonly lids: () => LidLookup | undefined,
  ) {}

  /** Notes a group's name, and its metadata when known. */
  rememberGroup(id: string, name: string, meta?: GroupMetadata): void {
    this.groupCache.set(id, { name, ...(meta ? { meta } : {}), at: Date.now() });
  }

  /** Fresh metadata of a group, for Baileys to send to it without asking WhatsApp first. */
  cachedGroup(jid: string): GroupMetadata | undefined {
    const hit = this.groupCache.get(jid);
    return hit?.meta && Date.now() - hit.at < GROUP_CACHE_MS ? hit.meta : undefined;
  }

  /** A group's name from the cache, else from WhatsApp (once). */
  async groupName(jid: string, fetch: () => Promise<GroupMetadata> | undefined): Promise<string | undefined> {
    const hit = this.groupCache.get(jid);
    if (hit) return hit.name;
    const meta = await fetch()?.catch(() => undefined);
    if (!meta) return undefined;
    this.rememberGroup(jid, meta.subject, meta);
    return meta.subject;
  }

  /** Status changes of our messages (receipts in one-to-one chats) and revokes. */
  async messageUpdates(updates: WAMessageUpdate[]): Promise<void> {
    for (const { key, update } of updates) {
      if (!key.fromMe || !key.id || !key.remoteJid) continue;
      if (update.messageStubType === WAMessageStubType.REVOKE) {
        await this.ack(key, 5);
      } else if (update.status === Status.ERROR) {
        this.events.log?.({
          level: 'warn',
          msg: 'WhatsApp refused a message',
          waId: key.id,
          error: String(update.messageStubParameters?.[0] ?? ''),
        });
      } else if (typeof update.status === 'number' && update.status >= Status.SERVER_ACK) {
        await this.ack(
          key,
          Math.min(update.status - 1, 4) as AckCode,
          toNumber(update.messageTimestamp ?? 0) || undefined,
        );
      }
    }
  }

  /**
   * Baileys' echo of messages we sent (upserted without notifying). While Baileys buffers events (a
   * burst, or up to 20 s after connecting) it folds receipts into the echo instead of emitting
   * `messages.update`, so the echo's status counts as an ack too.
   */
  async appended(messages: WAMessage[]): Promise<void> {
    await this.messageUpdates(
      messages.filter((m) => typeof m.status === 'number').map((m) => ({ key: m.key, update: { status: m.status } })),
    );
  }

  /** Receipts of group members for our group messages: the first of each kind raises the ack. */
  async receipts(updates: MessageUserReceiptUpdate[]): Promise<void> {
    for (const { key, receipt } of updates) {
      if (!key.fromMe) continue;
      if (receipt.playedTimestamp) await this.ack(key, 4, toNumber(receipt.playedTimestamp));
      else if (receipt.readTimestamp) await this.ack(key, 3, toNumber(receipt.readTimestamp));
      else if (receipt.receiptTimestamp) await this.ack(key, 2, toNumber(receipt.receiptTimestamp));
    }
  }

  /** The server's `<ack class="message">`: WhatsApp took our message (ack 1). */
  async serverAck(node: BinaryNode): Promise<void> {
    const { id, from, t, error } = node.attrs;
    if (!id || !from) return;
    if (error) {
      this.events.log?.({ level: 'warn', msg: 'WhatsApp did not accept a message', waId: id, error });
      return;
    }
    await this.ack({ id, remoteJid: from, fromMe: true }, 1, Number(t) || undefined);
  }

  /** Members added, removed, promoted or demoted by someone (a self-removal is a leave). */
  async participants(u: BaileysEventMap['group-participants.update']): Promise<void> {
    if (u.action === 'modify') return;
    this.forgetMembers(u.id);
    const lids = this.lids();
    const people = await Promise.all(
      u.participants.map((p: string | { id: string; phoneNumber?: string }) =>
        typeof p === 'string' ? personJid(p, undefined, lids) : personJid(p.id, p.phoneNumber, lids),
      ),
    );
    const by = u.author ? await personJid(u.author, u.authorPn, lids) : undefined;
    const subtype: GroupSubtype =
      u.action === 'remove' && by && people.length === 1 && people[0] === by ? 'leave' : u.action;
    await this.events.groupEvent({
      groupId: u.id,
      ...this.nameOf(u.id),
      subtype,
      participants: people,
      ...(by ? { by } : {}),
      time: Date.now(),
    });
  }

  /**
   * Subject changes become 'name' events; other setting changes only refresh the cache. Baileys also
   * sends every group's full metadata this way after fetching them all: that only fills the cache.
   */
  async groupUpdates(updates: Partial<GroupMetadata>[]): Promise<void> {
    for (const g of updates) {
      if (!g.id) continue;
      if (g.participants && g.subject !== undefined) {
        this.rememberGroup(g.id, g.subject, g as GroupMetadata);
        continue;
      }
      this.forgetMembers(g.id);
      if (!g.subject) continue;
      this.rememberGroup(g.id, g.subject);
      const by = g.author ? await personJid(g.author, g.authorPn, this.lids()) : undefined;
      await this.events.groupEvent({
        groupId: g.id,
        groupName: g.subject,
        subtype: 'name',
        participants: [],
        ...(by ? { by } : {}),
        time: Date.now(),
      });
    }
  }

  /** Chats and contacts Baileys learned of, by phone number; LIDs nobody can map are left out. */
  async chats(chats: Chat[], contacts: Contact[]): Promise<void> {
    const lids = this.lids();
    const list: ChatSummary[] = [];
    const add = async (id: string, alt: string | null | undefined, name: string) => {
      if (isJidBroadcast(id) || isJidNewsletter(id)) return;
      if (isGroupJid(id)) {
        if (name) this.rememberGroup(id, name);
        list.push({ id, name, type: 'group' });
        return;
      }
      const jid = await personJid(id, alt, lids);
      if (!isLidUser(jid)) list.push({ id: jid, name, type: 'chat' });
    };
    for (const c of chats) if (c.id) await add(c.id, c.pnJid, c.name ?? '');
    for (const c of contacts) await add(c.id, c.phoneNumber, c.name ?? c.notify ?? c.verifiedName ?? '');
    if (list.length) await this.events.chats?.(list);
  }

  /** Drops cached metadata after a change (the name stays for events until a new one comes). */
  forgetMembers(groupId: string): void {
    const hit = this.groupCache.get(groupId);
    if (hit) this.groupCache.set(groupId, { name: hit.name, at: hit.at });
  }

  private nameOf(groupId: string): { groupName?: string } {
    const name = this.groupCache.get(groupId)?.name;
    return name ? { groupName: name } : {};
  }

  private async ack(key: WAMessageKey, ack: AckCode, time?: number): Promise<void> {
    const chatId = isGroupJid(key.remoteJid!)
      ? key.remoteJid!
      : await personJid(key.remoteJid!, key.remoteJidAlt, this.lids());
    await this.events.ack({ waId: key.id!, chatId, ack, time: time ?? seconds() });
  }
}
