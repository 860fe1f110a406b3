import { Hono } from 'hono';
import type { GroupConfig, GroupInfo } from '../../engines/types';
import type { AppContext, AppEnv } from '../../env';
import { readValid } from '../../middleware/payload';
import { validate } from '../../errors';
import { createGroupBody, groupConfigBody, groupIdSchema, groupInfoQuery, groupParticipantBody, leaveGroupBody } from '../../shared/api-schemas';
import { toChatId } from '../../services/messages/chat-id';
import { getPhone } from '../../services/phones/phones';
import { absolute } from './chats';
import { live } from './live';
import { answer } from './answer';

export const GROUPS_PAGE = 50;

const phoneOf = (c: AppContext) => getPhone(c.get('ctx'), c.get('product').id, c.req.param('phone_id') ?? '');
const bool = (v: string | undefined) => v === 'true' || v === '1';

function view(c: AppContext, g: GroupInfo) {
  const { removed: _r, suspended: _s, ...rest } = g;
  return { ...rest, ...(g.image ? { image: absolute(c, g.image) } : {}) };
}

/** Which groups a listing asks for: the active ones, or those the phone was removed from, or suspended ones. */
function pick(list: GroupInfo[], mode: 'active' | 'removed' | 'suspended'): GroupInfo[] {
  if (mode === 'removed') return list.filter((g) => g.removed);
  if (mode === 'suspended') return list.filter((g) => g.suspended);
  return list.filter((g) => !g.removed && !g.suspended);
}

async function participants(c: AppContext, action: 'add' | 'remove' | 'promote' | 'demote') {
  const phone = await phoneOf(c);
  const input = await readValid(c, groupParticipantBody);
  await live(c, phone, 'group-participants', { jid: input.conversation_id, action, participants: input.number.map(toChatId) });
  return answer(c, { success: true });
}

/** Group calls of a phone: `/api/{productId}/{phoneId}/...`. */
export const groupRoutes = new Hono<AppEnv>()
  .post('/createGroup', async (c) => {
    const phone = await phoneOf(c);
    const input = await readValid(c, createGroupBody);
    const group = await live<GroupInfo>(c, phone, 'create-group', { name: input.name, participants: input.numbers.map(toChatId) });
    return answer(c, { success: true, data: view(c, group) });
  })
  .get('/getGroups', async (c) => {
    const phone = await phoneOf(c);
    const q = c.req.query();
    const page = Math.max(1, Number(q.page ?? 1) || 1);
    const mode = bool(q.removed) ? 'removed' : bool(q.suspended) ? 'suspended' : 'active';
    let list = pick(await live<GroupInfo[]>(c, phone, 'groups'), mode);
    if (bool(q.sort)) list = [...list].sort((a, b) => a.id.localeCompare(b.id));
    const slice = list.slice((page - 1) * GROUPS_PAGE, page * GROUPS_PAGE);
    const data = bool(q.invite) ? await Promise.all(slice.map((g) => live<GroupInfo>(c, phone, 'group', { jid: g.id, invite: true }))) : slice;
    return answer(c, { success: true, count: data.length, total: list.length, limit: GROUPS_PAGE, page, data: data.map((g) => view(c, g)) });
  })
  .get('/getGroups/:conversationId', async (c) => {
    const phone = await phoneOf(c);
    const jid = validate(groupIdSchema, decodeURIComponent(c.req.param('conversationId')));
    const group = await live<GroupInfo>(c, phone, 'group', { jid, invite: bool(c.req.query('invite')) });
    return answer(c, { success: true, data: view(c, group) });
  })
  .post('/group/add', (c) => participants(c, 'add'))
  .post('/group/remove', (c) => participants(c, 'remove'))
  .post('/group/promote', (c) => participants(c, 'promote'))
  .post('/group/demote', (c) => participants(c, 'demote'))
  .post('/group/config', async (c) => {
    const phone = await phoneOf(c);
    const input = await readValid(c, groupConfigBody);
    const config = await live<GroupConfig>(c, phone, 'group-config', { jid: input.conversation_id, config: input.config });
    return answer(c, { success: true, data: config });
  })
  .post('/leaveGroup', async (c) => {
    const phone = await phoneOf(c);
    const input = await readValid(c, leaveGroupBody);
    await live(c, phone, 'leave-group', { jid: input.id });
    return answer(c, { success: true, data: true });
  })
  .get('/groupInfo', async (c) => {
    const phone = await phoneOf(c);
    const q = validate(groupInfoQuery, c.req.query());
    const list = pick(await live<GroupInfo[]>(c, phone, 'groups'), q.action);
    const slice = list.slice((q.page - 1) * q.pageLimit, q.page * q.pageLimit);
    return answer(c, {
      success: true,
      total: list.length,
      page: q.page,
      pageLimit: q.pageLimit,
      data: slice.map((g) => ({ id: g.id, name: g.name, participants: g.participants, admins: g.admins, participantCount: g.participants.length, adminCount: g.admins.length })),
    });
  });

