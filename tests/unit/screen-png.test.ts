import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from '../../src/services/screen/png';
import { decodePng } from '../support/decode-png';

function gradient(width: number, height: number, alpha: (x: number, y: number) => number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      rgba.set([(x * 37) & 255, (y * 11) & 255, (x * y) & 255, alpha(x, y)], (y * width + x) * 4);
    }
  }
  return rgba;
}

describe('encodePng', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('writes a valid RGB PNG for opaque pixels, every chunk CRC checked', async () => {
    const rgba = gradient(37, 23, () => 255);
    const png = await encodePng(37, 23, rgba);
    const img = decodePng(png);
    expect(img.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([img.width, img.height, img.colorType]).toEqual([37, 23, 2]);
    expect(img.rgba).toEqual(rgba);
  });

  it('keeps the alpha channel (RGBA) when any pixel is translucent', async () => {
    const rgba = gradient(16, 9, (x, y) => (x + y) * 10);
    const img = decodePng(await encodePng(16, 9, rgba));
    expect(img.colorType).toBe(6);
    expect(img.rgba).toEqual(rgba);
  });

  it('encodes a 1x1 image and rejects data that does not match the size', async () => {
    expect(decodePng(await encodePng(1, 1, new Uint8Array([1, 2, 3, 255]))).rgba).toEqual(
      new Uint8Array([1, 2, 3, 255]),
    );
    await expect(encodePng(2, 2, new Uint8Array(4))).rejects.toThrow(RangeError);
    await expect(encodePng(0, 1, new Uint8Array(0))).rejects.toThrow(RangeError);
  });
});
