/**
 * The webhook ports: how a webhook is POSTed and how a host name is resolved for the address check.
 * The implementations are adapters (src/adapters/webhooks/): the entries pick them (Node: an
 * address-guarded http client and dns.lookup; Workers: fetch and DNS over HTTPS).
 */

/** What a webhook endpoint answered. */
interface PostResult {
  status: number | null;
  body: string;
  error: string | null;
  durationMs: number;
}

/** POSTs a webhook body with its headers; never throws (a failure is an answer with `error`). */
export type PostWebhook = (url: string, body: string, headers: Record<string, string>) => Promise<PostResult>;

/** Resolves a host name to its addresses (Node: dns.lookup; Workers: DNS over HTTPS). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** Longest a delivery may take. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** How much of an endpoint's answer is kept. */
export const RESPONSE_KEEP = 2_000;
