/**
 * Time-ordered identifiers. Random keys land anywhere in an index and make every insert touch a
 * different page; ids that grow with time append instead, which keeps the send path's inserts cheap.
 */
const HEX = '0123456789abcdef';

function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += HEX[b >> 4]! + HEX[b & 15]!;
  return s;
}

let lastMs = 0;
let counter = 0;

/**
 * Random bytes drawn from a pool refilled 4 KiB at a time: one call into the system's generator per
 * few hundred ids instead of one per id (that call costs more than building the id).
 */
const pool = new Uint8Array(4096);
let poolAt = pool.length;
function randomBytes(n: number): Uint8Array {
  if (poolAt + n > pool.length) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  poolAt += n;
  return pool.slice(poolAt - n, poolAt);
}

/** A UUID version 7 (RFC 9562): 48 bits of milliseconds, then randomness, monotonic within a process. */
export function uuidv7(now = Date.now()): string {
  const b = randomBytes(16);
  if (now <= lastMs) {
    counter++;
    // More than 4096 ids in a millisecond: borrow the next millisecond to stay ordered.
    if (counter > 0xfff) {
      lastMs++;
      counter = 0;
    }
    now = lastMs;
  } else {
    lastMs = now;
    counter = b[6]! & 0x0f;
  }
  b[0] = Math.floor(now / 2 ** 40) & 0xff;
  b[1] = Math.floor(now / 2 ** 32) & 0xff;
  b[2] = (now >>> 24) & 0xff;
  b[3] = (now >>> 16) & 0xff;
  b[4] = (now >>> 8) & 0xff;
  b[5] = now & 0xff;
  b[6] = 0x70 | ((counter >> 8) & 0x0f);
  b[7] = counter & 0xff;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A WhatsApp-looking message id: 3EB0 and 16 hex digits, the first 10 of them the time in
 * milliseconds, so ids we choose for outgoing messages append to their index instead of scattering.
 */
export function waMessageId(now = Date.now()): string {
  const time = now.toString(16).padStart(10, '0').slice(-10);
  return `3EB0${time}${hex(randomBytes(3))}`.toUpperCase();
}
