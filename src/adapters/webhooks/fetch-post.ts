import { RESPONSE_KEEP, WEBHOOK_TIMEOUT_MS, type PostWebhook } from '../../services/webhooks/port';

/** POSTs with fetch (Workers): 15 s timeout, redirects not followed. Address checks happen before. */
export const fetchPoster: PostWebhook = async (url, body, headers) => {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const text = (await res.text().catch(() => '')).slice(0, RESPONSE_KEEP);
    return { status: res.status, body: text, error: null, durationMs: Date.now() - started };
  } catch (err) {
    return {
      status: null,
      body: '',
      error: err instanceof Error ? err.message : String(err),
      durationMs: Date.now() - started,
    };
  }
};
