/** The size of each chunk `chunkedBody` streams. */
export const CHUNK = 64 * 1024;

/** A chunked body of `total` bytes that counts how much of it the server pulled. */
export function chunkedBody(total: number) {
  const seen = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.bytes >= total) return controller.close();
      seen.bytes += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
  });
  return { stream, seen };
}
