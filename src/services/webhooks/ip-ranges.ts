/**
 * Which addresses a webhook must never reach: loopback, private, link-local (cloud metadata lives at
 * 169.254.169.254), carrier-grade NAT, multicast, reserved, and IPv6 forms that embed those
 * (IPv4-mapped, NAT64, 6to4). Pure TypeScript so the Worker can use it too.
 */

function parseV4(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return out.every((n) => n >= 0 && n <= 255) ? out : null;
}

function v4Blocked([a, b, c]: number[]): boolean {
  if (a === undefined || b === undefined || c === undefined) return true;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224
  );
}

/** Expands an IPv6 address (with an optional embedded IPv4 tail) to 8 groups, or null. */
function parseV6(s: string): number[] | null {
  let addr = s.replace(/^\[|\]$/g, '').split('%')[0]!.toLowerCase();
  const v4tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(addr);
  if (v4tail) {
    const v4 = parseV4(v4tail[1]!);
    if (!v4) return null;
    addr = addr.slice(0, -v4tail[1]!.length) + `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = addr.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  const out = groups.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return out.length === 8 && out.every((n) => !Number.isNaN(n)) ? out : null;
}

function embeddedV4(hi: number, lo: number): number[] {
  return [hi >> 8, hi & 255, lo >> 8, lo & 255];
}

function v6Blocked(g: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h6 = 0, h7 = 0] = g;
  if (g.every((x) => x === 0)) return true; // ::
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && h6 === 0 && h7 === 1) return true; // ::1
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0)) return v4Blocked(embeddedV4(h6, h7)); // ::ffff:a.b.c.d, ::a.b.c.d
  if (a === 0x64 && b === 0xff9b) return v4Blocked(embeddedV4(h6, h7)); // NAT64
  if (a === 0x2002) return v4Blocked(embeddedV4(b, c)); // 6to4
  if ((a & 0xfe00) === 0xfc00) return true; // unique local (fd00:ec2::254 metadata)
  if ((a & 0xffc0) === 0xfe80) return true; // link-local
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0xdb8) return true; // documentation
  if (a === 0x100 && b === 0 && c === 0 && d === 0) return true; // discard
  return false;
}

/** True for an IP literal a webhook must not reach; false for public addresses; null when `s` is not an IP. */
export function isBlockedIp(s: string): boolean | null {
  const v4 = parseV4(s);
  if (v4) return v4Blocked(v4);
  if (!s.includes(':')) return null;
  const v6 = parseV6(s);
  return v6 ? v6Blocked(v6) : true;
}
