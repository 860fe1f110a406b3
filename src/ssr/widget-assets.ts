/** The widget package's standalone scripts, served at /widgets/{file} by the Node server and the Worker's assets binding. */
export const WIDGET_FILES = ['chat-button.js', 'tools.js', 'phone-numbers.js'] as const;

/**
 * Widget scripts keep one address (the snippet customers paste on their sites), so they cannot be
 * immutable: browsers keep them a day and may use a stale copy for a week while they revalidate.
 * Any site may load them.
 */
export const WIDGET_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};
