import { routes } from '../declare';
import { liveConversationRoutes } from './conversations';
import { liveEventRoutes } from './events';
import { liveExtraRoutes } from './extras';

/** `/api/live/...`: the agent chat app's inbox, its replies and its event stream. */
export const liveRoutes = routes().route('/', liveConversationRoutes).route('/', liveExtraRoutes).route('/', liveEventRoutes);
