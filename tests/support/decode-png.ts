import { inflateSync } from 'node:zlib';

/** A decoded PNG: RGBA pixels plus what the file declared. */
export interface DecodedPng {
  width: number;
  height: number;
  colorType: number;
  chunks: string[];
  rgba: Uint8Array;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * An independent decoder for 8-bit RGB/RGBA PNGs (all five filter types), written from the spec so
 * the encoder is not checked against itself. Throws on a bad signature, CRC or length.
 */
export function decodePng(png: Uint8Array): DecodedPng {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('bad PNG signature');
  let at = 8;
  let width = 0,
    height = 0,
    colorType = 0;
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (crc(buf.subarray(at + 4, at + 8 + length)) !== buf.readUInt32BE(at + 8 + length))
      throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8) throw new Error('only 8-bit PNGs are decoded');
      colorType = data[9]!;
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const bpp = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (!bpp) throw new Error(`unsupported colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  if (raw.length !== height * (stride + 1)) throw new Error('IDAT size does not match IHDR');
  const rgba = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp]! : 0,
        b = prev[i]!,
        c = i >= bpp ? prev[i - bpp]! : 0;
      const p = a + b - c,
        pa = Math.abs(p - a),
        pb = Math.abs(p - b),
        pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      if (predictor === undefined) throw new Error(`bad filter ${filter}`);
      cur[i] = (line[i]! + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < 3; k++) rgba[(y * width + x) * 4 + k] = cur[x * bpp + k]!;
      rgba[(y * width + x) * 4 + 3] = bpp === 4 ? cur[x * bpp + 3]! : 255;
    }
    prev = cur;
  }
  return { width, height, colorType, chunks, rgba };
}

/** The 0xRRGGBB colour of one pixel. */
export function pixel(img: DecodedPng, x: number, y: number): number {
  const i = (y * img.width + x) * 4;
  return (img.rgba[i]! << 16) | (img.rgba[i + 1]! << 8) | img.rgba[i + 2]!;
}

/** How many pixels of a rectangle have exactly the colour. */
export function countColor(img: DecodedPng, color: number, x0 = 0, y0 = 0, x1 = img.width, y1 = img.height): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (pixel(img, x, y) === color) n++;
  return n;
}
