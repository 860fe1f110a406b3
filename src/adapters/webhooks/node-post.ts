import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isBlockedIp } from '../../services/webhooks/ip-ranges';
import { RESPONSE_KEEP, WEBHOOK_TIMEOUT_MS, type PostWebhook } from '../../services/webhooks/port';
import { guardedLookup } from '../http/guarded-lookup';

/**
 * POSTs a webhook from Node: 15 s timeout, redirects are not followed (a 3xx counts as a failure),
 * internal addresses refused at connect time unless development mode allows them.
 */
export function nodePoster(opts: { allowPrivate: boolean; timeoutMs?: number }): PostWebhook {
  return (url, body, headers) =>
    new Promise((resolve) => {
      const started = Date.now();
      const done = (status: number | null, text: string, error: string | null) =>
        resolve({ status, body: text.slice(0, RESPONSE_KEEP), error, durationMs: Date.now() - started });
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return done(null, '', 'invalid URL');
      }
      const host = u.hostname.replace(/^\[|\]$/g, '');
      if (!opts.allowPrivate && isBlockedIp(host) === true)
        return done(null, '', `refused: ${host} is an internal address`);
      const reqOpts: RequestOptions = {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        timeout: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        lookup: guardedLookup(opts.allowPrivate),
      };
      const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(u, reqOpts, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < RESPONSE_KEEP) text += chunk;
        });
        res.on('end', () => done(res.statusCode ?? null, text, null));
        res.on('error', (e) => done(res.statusCode ?? null, text, e.message));
      });
      req.on('timeout', () =>
        req.destroy(new Error(`timed out after ${(opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`)),
      );
      req.on('error', (e) => done(null, '', e.message));
      req.end(body);
    });
}
