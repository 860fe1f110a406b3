import ipaddr from 'ipaddr.js';

/**
 * Which addresses a webhook or media fetch must never reach: everything ipaddr.js does not call
 * public `unicast` (loopback, private, link-local — cloud metadata lives at 169.254.169.254 and
 * fd00:ec2::254 — carrier-grade NAT, multicast, reserved, documentation, ...). IPv6 forms that carry
 * an IPv4 address are judged by that address. Pure JavaScript, so the Worker uses it too.
 */

function v4Blocked(a: ipaddr.IPv4): boolean {
  return a.range() !== 'unicast';
}

function v4(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
}

/** The IPv4 address an IPv6 address embeds, when it is one of the forms that do. */
function embeddedV4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = a.parts;
  switch (a.range()) {
    case 'ipv4Mapped': // ::ffff:0:0/96
    case 'rfc6145': // translated ::ffff:0:0:0/96
    case 'rfc6052': // NAT64 64:ff9b::/96
      return v4(p[6]!, p[7]!);
    case '6to4': // 2002:AABB:CCDD::/48
      return v4(p[1]!, p[2]!);
    case 'teredo': // 2001::/32: the client's address is the last 32 bits, inverted
      return v4(~p[6]! & 0xffff, ~p[7]! & 0xffff);
  }
  // IPv4-compatible ::/96 (deprecated, but still routed by some stacks); :: and ::1 have their own ranges.
  if (p.slice(0, 6).every((x) => x === 0) && (p[6]! !== 0 || p[7]! > 1)) return v4(p[6]!, p[7]!);
  return null;
}

/** True for an IP literal a webhook must not reach; false for public addresses; null when `s` is not an IP. */
export function isBlockedIp(s: string): boolean | null {
  const host = s.replace(/^\[|\]$/g, '').split('%')[0]!;
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return v4Blocked(ipaddr.IPv4.parse(host));
  if (!host.includes(':')) return null;
  if (!ipaddr.IPv6.isValid(host)) return true;
  const a = ipaddr.IPv6.parse(host);
  const inner = embeddedV4(a);
  if (inner) return v4Blocked(inner);
  return a.range() !== 'unicast';
}
