import type { Db } from '../../db/client';
import { liveConversations, messages, phones, phoneStatusLog } from '../../db/schema';

/** Rows written straight into the tables analytics reads, so each figure has a known answer. */

let seq = 0;

/** A phone of `pid` (no runner session) with its number and type. */
export async function seedPhone(
  db: Db,
  pid: string,
  number: string,
  type: 'whatsapp' | 'instagram' = 'whatsapp',
  status: 'active' | 'idle' = 'active',
) {
  const [row] = await db
    .insert(phones)
    .values({ pid, number, type, engine: 'sim', status, statusAt: 0, createdAt: 0, updatedAt: 0 })
    .returning({ id: phones.id });
  return row!.id;
}

/** `count` messages of one chat at time `at` (epoch ms). */
export async function seedMessages(
  db: Db,
  m: { pid: string; phoneId: number; chatId: string; direction: 'in' | 'out'; at: number; count?: number },
) {
  const rows = Array.from({ length: m.count ?? 1 }, () => {
    const id = `seed-${++seq}`;
    return {
      id,
      pid: m.pid,
      phoneId: m.phoneId,
      direction: m.direction,
      chatId: m.chatId,
      waId: id,
      type: 'text',
      body: {},
      status: m.direction === 'in' ? ('received' as const) : ('sent' as const),
      createdAt: m.at,
      updatedAt: m.at,
    };
  });
  await db.insert(messages).values(rows);
}

/** A recorded status change. */
export async function seedStatus(db: Db, phoneId: number, status: string, at: number) {
  await db.insert(phoneStatusLog).values({ phoneId, status, at });
}

/** A live-chat conversation row in the state the inbox leaves it. */
export async function seedConversation(
  db: Db,
  c: {
    pid: string;
    phoneId: number;
    chatJid: string;
    state: 'waiting' | 'taken' | 'closed';
    holderEmail?: string;
    takenAt?: number;
    closedAt?: number;
    updatedAt: number;
  },
) {
  await db.insert(liveConversations).values({
    pid: c.pid,
    phoneId: c.phoneId,
    chatJid: c.chatJid,
    state: c.state,
    holder: c.holderEmail ? `a:${c.holderEmail}` : '',
    holderEmail: c.holderEmail ?? '',
    takenAt: c.takenAt ?? null,
    closedAt: c.closedAt ?? null,
    updatedAt: c.updatedAt,
  });
}
