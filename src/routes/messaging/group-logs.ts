import { listGroupActionLogs } from '../../services/groups/action-logs';
import { groupActionLogsQuery } from '../../shared/schemas/messaging/requests';
import { groupActionLogsResponse } from '../../shared/schemas/messaging/group-logs';
import { endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';

const groupActionLogs = endpoint(
  'get',
  '/groupActionLogs',
  TAGS.account,
  "Group membership events of the product's phones",
  { query: groupActionLogsQuery },
  ok(groupActionLogsResponse),
);

/** `GET /api/{productId}/groupActionLogs`: group membership events of the product's phones, newest first. */
export const groupLogRoutes = routes().openapi(groupActionLogs, async (c) =>
  answer(c, { success: true, ...(await listGroupActionLogs(c.get('ctx'), c.get('product').id, c.req.valid('query'))) }),
);
