/** Where the default (live-chat) webhook points on this server (3-developer §2.1 'set default webhook'). */
export const LIVE_WEBHOOK_PATH = '/api/live/webhook';

/** The default webhook URL of a server reached at `origin`. */
export function liveWebhookUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${LIVE_WEBHOOK_PATH}`;
}
