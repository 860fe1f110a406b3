import { routes } from '../kit/declare';
import { liveAgentRoutes } from './agents';
import { liveContactRoutes } from './contacts';
import { liveConversationRoutes } from './conversations';
import { liveEventRoutes } from './events';
import { liveExtraRoutes } from './extras';
import { liveLabelRoutes } from './labels';
import { liveOrganiseRoutes } from './organise';
import { liveMentionRoutes } from './mentions';
import { liveReportRoutes } from './reports';
import { liveSearchRoutes } from './search';
import { liveWebhookRoutes } from './webhook';

/** `/api/live/...`: the agent chat app's inbox, its replies and its event stream. */
export const liveRoutes = routes()
  // Before the conversation routes: `/conversations/bulk` is not a conversation's id.
  .route('/', liveOrganiseRoutes)
  .route('/', liveLabelRoutes)
  .route('/', liveContactRoutes)
  .route('/', liveConversationRoutes)
  .route('/', liveExtraRoutes)
  .route('/', liveEventRoutes)
  .route('/', liveAgentRoutes)
  .route('/', liveWebhookRoutes)
  .route('/', liveSearchRoutes)
  .route('/', liveMentionRoutes)
  .route('/', liveReportRoutes);
