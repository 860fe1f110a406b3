import { errorResponse } from '../http-errors';
import { staffRoutes } from './staff';
import { staffHarvestRoutes, staffRefreshRoutes } from './staff/phone-ops';
import { agentRoutes } from './console/agents';
import { analyticsRoutes } from './console/analytics';
import { authRoutes } from './auth/account';
import { footprintRoutes } from './billing/footprint';
import { paddleReceiptRoutes } from './billing/paddle-receipt';
import { paddleWebhookRoutes } from './billing/paddle-webhook';
import { cloudWebhookRoutes } from './messaging/cloud-webhook';
import { purchaseRoutes } from './billing/purchase';
import { sandboxApiRoutes, sandboxPageRoutes } from './billing/sandbox';
import { buttonSettingsRoutes } from './console/button-settings';
import { phoneChatEventRoutes } from './console/phone-chat-events';
import { subscriptionRoutes } from './billing/subscriptions';
import { routes } from './kit/declare';
import { cartMailerRoutes } from './staff/cart-mailer';
import { dialogflowRoutes } from './integrations/dialogflow';
import { docsRoutes } from './docs/api';
import { googleRoutes } from './auth/google';
import { googleIntegrationRoutes } from './integrations/google';
import { liveRoutes } from './live';
import { agentVerifyRoutes, liveAuthRoutes } from './live/auth';
import { locationRoutes } from './kit/location';
import { mailboxRoutes } from './auth/mailbox';
import { mediaRoutes } from './messaging/media';
import { onboardingRoutes } from './console/onboarding';
import { mailerRoutes, verifyRoutes } from './auth/password-reset';
import { brandRoutes } from './console/product';
import { shellRoutes } from './console/shell';
import { sheetsRoutes } from './tools/sheets';
import { simRoutes } from './simulator/sim';
import { simCloudRoutes, simGraphRoutes } from './simulator/graph';
import { unsubscribeRoutes } from './billing/unsubscribe';
import { warmingRoutes } from './tools/warming';

/** Which optional groups this server serves. */
export interface ConsoleGroupOptions {
  brand: string;
  simulator: boolean;
  mailbox: boolean;
}

/**
 * The console backend's groups in the order they answer, mounted once by the app and read once by
 * the console document, so a group added here is served and documented together. An unknown
 * `/api/...` path is a 404 in the error shape; the SPA's HTML shell answers every other path.
 */
export function consoleRoutes(opts: ConsoleGroupOptions) {
  const group = routes()
    .route('/api/locationDetech', locationRoutes)
    .route('/api', docsRoutes)
    .route('/api/auth/google', googleRoutes)
    .route('/api/auth', authRoutes)
    .route('/api/mailer', mailerRoutes)
    .route('/api/mailer', cartMailerRoutes)
    .route('/api/verify', verifyRoutes)
    .route('/api/verify', agentVerifyRoutes)
    .route('/api/live/auth', liveAuthRoutes)
    .route('/api/live', liveRoutes)
    .route(`/api/${opts.brand}`, brandRoutes)
    .route(`/api/${opts.brand}`, subscriptionRoutes)
    .route(`/api/${opts.brand}`, purchaseRoutes)
    .route(`/api/${opts.brand}`, agentRoutes)
    .route(`/api/${opts.brand}`, analyticsRoutes)
    .route(`/api/${opts.brand}`, onboardingRoutes)
    .route(`/api/${opts.brand}`, buttonSettingsRoutes)
    .route(`/api/${opts.brand}`, phoneChatEventRoutes)
    .route(`/api/${opts.brand}/admin`, staffRoutes)
    .route(`/api/${opts.brand}`, staffRefreshRoutes)
    .route('/api/footprint/harvest', staffHarvestRoutes)
    .route('/api/footprint', footprintRoutes)
    .route('/api/sandbox', sandboxApiRoutes)
    .route('/api/warming', warmingRoutes)
    .route('/api/dialogflow', dialogflowRoutes)
    .route('/api/googlesheets', sheetsRoutes)
    .route('/api/integrations/google', googleIntegrationRoutes)
    .route('/api/billing/paddle', paddleWebhookRoutes)
    .route('/api/billing/paddle', paddleReceiptRoutes)
    .route('/api/cloud', cloudWebhookRoutes);
  if (opts.simulator)
    group.route('/api/sim/graph', simGraphRoutes).route('/api/sim/cloud', simCloudRoutes).route('/api/sim', simRoutes);
  group.all('/api/*', (c) => errorResponse(c, 'NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}.`));
  group.route('/media', mediaRoutes).route('/sandbox', sandboxPageRoutes).route('/unsubscribe', unsubscribeRoutes);
  if (opts.mailbox) group.route('/dev/mailbox', mailboxRoutes);
  return group.route('/', shellRoutes);
}
