import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { apiLog } from '../../middleware/api-log';
import { apiToken } from '../../middleware/api-token';
import { chatRoutes } from './chats';
import { checkRoutes } from './checks';
import { groupRoutes } from './groups';
import { groupLogRoutes } from './group-logs';
import { logRoutes } from './logs';
import { webhookRoutes } from './webhooks';
import { accountPhoneRoutes } from './phones';
import { sendRoutes } from './send';
import { sessionRoutes } from './session';

/** The messaging API under `/api/{productId}`: token-authenticated, no cookies, no CSRF. */
export const messagingRoutes = new Hono<AppEnv>()
  .use('*', apiLog)
  .use('*', apiToken)
  .route('/', accountPhoneRoutes)
  .route('/', webhookRoutes)
  .route('/', logRoutes)
  .route('/', groupLogRoutes)
  .route('/:phoneId', sessionRoutes)
  .route('/:phoneId', sendRoutes)
  .route('/:phoneId', chatRoutes)
  .route('/:phoneId', groupRoutes)
  .route('/:phoneId', checkRoutes);
