import { apiLog } from '../../middleware/api-log';
import { apiToken } from '../../middleware/api-token';
import { $ } from '@hono/zod-openapi';
import { routes } from '../kit/declare';
import { templateRoutes } from './templates';
import { campaignRoutes } from './campaigns';
import { chatRoutes } from './chats';
import { checkRoutes } from './checks';
import { groupRoutes } from './groups';
import { groupAdminRoutes } from './group-admin';
import { groupLogRoutes } from './group-logs';
import { instagramAccountRoutes, instagramLoginRoutes } from './instagram';
import { logRoutes } from './logs';
import { mcpRoutes } from '../mcp';
import { mcpChallenge } from '../mcp/auth';
import { webhookRoutes } from './webhooks';
import { accountPhoneRoutes } from './phones';
import { phoneControlRoutes } from './phone-control';
import { phoneQueueRoutes } from './phone-queue';
import { protectionRoutes } from './protection';
import { optoutRoutes } from './optouts';
import { phoneStatusRoutes } from './phone-status';
import { sendRoutes } from './send';

/** The messaging API under `/api/{productId}`: token-authenticated, no cookies, no CSRF. */
export const messagingRoutes = $(
  routes()
    .use('*', apiLog)
    .use('/mcp', mcpChallenge)
    .use('*', apiToken)
    .route('/', accountPhoneRoutes)
    .route('/', campaignRoutes)
    .route('/', webhookRoutes)
    .route('/', logRoutes)
    .route('/', groupLogRoutes)
    .route('/', instagramAccountRoutes)
    .route('/', optoutRoutes)
    .route('/', mcpRoutes)
    .route('/:phone_id', phoneStatusRoutes)
    .route('/:phone_id', phoneControlRoutes)
    .route('/:phone_id', phoneQueueRoutes)
    .route('/:phone_id', protectionRoutes)
    .route('/:phone_id', sendRoutes)
    .route('/:phone_id', chatRoutes)
    .route('/:phone_id', groupRoutes)
    .route('/:phone_id', groupAdminRoutes)
    .route('/:phone_id', checkRoutes)
    .route('/:phone_id', instagramLoginRoutes)
    .route('/:phone_id', templateRoutes),
);
