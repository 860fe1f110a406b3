/** What a webhook endpoint answered. */
interface PostResult {
  status: number | null;
  body: string;
  error: string | null;
  durationMs: number;
}

export type PostWebhook = (url: string, body: string, headers: Record<string, string>) => Promise<PostResult>;

/** Longest a delivery may take. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
export const RESPONSE_KEEP = 2_000;

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
