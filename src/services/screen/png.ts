/**
 * A PNG encoder on Web APIs only (CompressionStream supplies zlib), so the same code runs on Node and
 * on Cloudflare Workers. Opaque images are written as 8-bit RGB, anything else as 8-bit RGBA.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const COLOR_RGB = 2;
const COLOR_RGBA = 6;
// Filter "Up": rows identical to the one above (most rows of a flat UI screen) become all zeros,
// which deflate shrinks to almost nothing and, being so repetitive, compresses fastest.
const FILTER_UP = 2;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309) of bytes, as PNG chunks need it. */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Encodes width x height RGBA pixels (row-major, 4 bytes a pixel) as PNG file bytes. */
export async function encodePng(width: number, height: number, rgba: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`PNG size must be positive integers, got ${width}x${height}.`);
  }
  if (rgba.length !== width * height * 4) throw new RangeError('PNG pixel data does not match its size.');
  const opaque = isOpaque(rgba);
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, opaque ? COLOR_RGB : COLOR_RGBA, 0, 0, 0], 8);
  const idat = await deflate(filterRows(width, height, rgba, opaque ? 3 : 4));
  return concat([
    new Uint8Array(SIGNATURE),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function isOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/** Scanlines with their filter byte, dropping alpha when the image is opaque (bpp 3). */
function filterRows(width: number, height: number, rgba: Uint8Array, bpp: 3 | 4): Uint8Array<ArrayBuffer> {
  const stride = width * bpp;
  const raw = new Uint8Array(height * (stride + 1));
  const above = width * 4;
  const words = rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : undefined;
  let d = 0;
  for (let y = 0; y < height; y++) {
    raw[d++] = FILTER_UP;
    const from = y * above;
    const end = from + above;
    // A row equal to the one above filters to zeros, which the fresh buffer already holds.
    if (y > 0 && words && sameRow(words, y, width)) {
      d += stride;
      continue;
    }
    if (y === 0) {
      for (let s = from; s < end; s += 4) {
        raw[d++] = rgba[s]!;
        raw[d++] = rgba[s + 1]!;
        raw[d++] = rgba[s + 2]!;
        if (bpp === 4) raw[d++] = rgba[s + 3]!;
      }
      continue;
    }
    for (let s = from; s < end; s += 4) {
      raw[d++] = rgba[s]! - rgba[s - above]!;
      raw[d++] = rgba[s + 1]! - rgba[s + 1 - above]!;
      raw[d++] = rgba[s + 2]! - rgba[s + 2 - above]!;
      if (bpp === 4) raw[d++] = rgba[s + 3]! - rgba[s + 3 - above]!;
    }
  }
  return raw;
}

function sameRow(words: Uint32Array, y: number, width: number): boolean {
  for (let i = y * width, j = i - width, end = i + width; i < end; i++, j++) if (words[i] !== words[j]) return false;
  return true;
}

/** zlib-wrapped deflate (RFC 1950), which is what CompressionStream calls 'deflate'. */
async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  // Write and read concurrently: awaiting the write first would stall on back-pressure.
  const written = writer.write(data).then(() => writer.close());
  const [out] = await Promise.all([new Response(stream.readable).arrayBuffer(), written]);
  return new Uint8Array(out);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
