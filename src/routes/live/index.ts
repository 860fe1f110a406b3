import { routes } from '../kit/declare';
import { liveAgentRoutes } from './agents';
import { liveConversationRoutes } from './conversations';
import { liveEventRoutes } from './events';
import { liveExtraRoutes } from './extras';
import { liveMentionRoutes } from './mentions';
import { liveReportRoutes } from './reports';
import { liveSearchRoutes } from './search';
import { liveWebhookRoutes } from './webhook';

/** `/api/live/...`: the agent chat app's inbox, its replies and its event stream. */
export const liveRoutes = routes()
  .route('/', liveConversationRoutes)
  .route('/', liveExtraRoutes)
  .route('/', liveEventRoutes)
  .route('/', liveAgentRoutes)
  .route('/', liveWebhookRoutes)
  .route('/', liveSearchRoutes)
  .route('/', liveMentionRoutes)
  .route('/', liveReportRoutes);
