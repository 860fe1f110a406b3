import { lookup } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isBlockedIp } from '../services/webhooks/ip-ranges';

import { RESPONSE_KEEP, WEBHOOK_TIMEOUT_MS, type PostWebhook } from '../services/webhooks/fetch-post';

/** A DNS lookup that refuses to connect to internal addresses: checked at connect time, so a rebinding name cannot slip through. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const bad = !allowPrivate && list.find((a) => isBlockedIp(a.address) !== false);
      if (bad)
        return callback(
          Object.assign(new Error(`refused: ${hostname} resolves to an internal address (${bad.address})`), {
            code: 'EBLOCKED',
          }),
          '',
          0,
        );
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

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
