import { leaveGroup } from '../../services/groups/admin';
import { createGroup, getGroup, groupInfo, listGroups } from '../../services/groups/groups';
import {
  createGroupBody,
  groupInfoQuery,
  groupParams,
  groupQuery,
  groupsQuery,
  leaveGroupBody,
  phoneParams,
} from '../../shared/schemas/messaging/requests';
import {
  groupInfoResponse,
  groupResponse,
  groupsResponse,
  leaveGroupResponse,
} from '../../shared/schemas/messaging/answers';
import { endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { originOf, phoneOf, phonePost } from './per-phone';
import { TAGS } from './params';

const create = phonePost(TAGS.groups, '/createGroup', 'Create a group', createGroupBody, ok(groupResponse));
const list = endpoint(
  'get',
  '/getGroups',
  TAGS.groups,
  'Groups of the phone (removed=true, suspended=true, page, sort, invite)',
  {
    params: phoneParams,
    query: groupsQuery,
  },
  ok(groupsResponse),
);
const one = endpoint(
  'get',
  '/getGroups/{conversation_id}',
  TAGS.groups,
  'One group (invite=true adds its invite link)',
  {
    params: groupParams,
    query: groupQuery,
  },
  ok(groupResponse),
);
const info = endpoint(
  'get',
  '/groupInfo',
  TAGS.groups,
  'Groups the phone was removed from, or that were suspended',
  { params: phoneParams, query: groupInfoQuery },
  ok(groupInfoResponse),
);
const leave = phonePost(TAGS.groups, '/leaveGroup', 'Leave a group', leaveGroupBody, ok(leaveGroupResponse));

/** Creating, listing and leaving the groups of one phone: `/api/{productId}/{phone_id}/...`. */
export const groupRoutes = routes()
  .openapi(create, async (c) => {
    const group = await createGroup(c.get('ctx'), await phoneOf(c), c.req.valid('json'), originOf(c));
    return answer(c, { success: true, data: group });
  })
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const mode = q.removed ? 'removed' : q.suspended ? 'suspended' : 'active';
    const page = await listGroups(
      c.get('ctx'),
      await phoneOf(c),
      { page: q.page, mode, sort: q.sort, invite: q.invite },
      originOf(c),
    );
    return answer(c, { success: true, ...page });
  })
  .openapi(one, async (c) => {
    const group = await getGroup(
      c.get('ctx'),
      await phoneOf(c),
      c.req.valid('param').conversation_id,
      c.req.valid('query').invite,
      originOf(c),
    );
    return answer(c, { success: true, data: group });
  })
  .openapi(info, async (c) =>
    answer(c, { success: true, ...(await groupInfo(c.get('ctx'), await phoneOf(c), c.req.valid('query'))) }),
  )
  .openapi(leave, async (c) => {
    await leaveGroup(c.get('ctx'), await phoneOf(c), c.req.valid('json').id);
    return answer(c, { success: true, data: true });
  });
