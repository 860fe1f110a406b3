import { lookup } from 'node:dns/promises';
import type { ResolveHost } from '../../services/webhooks/port';

/** The system resolver (Node): every address of the name, as a connection would see them. */
export const dnsResolve: ResolveHost = async (host) => (await lookup(host, { all: true })).map((a) => a.address);
