import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isBlockedIp } from '../../services/webhooks/ip-ranges';

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
