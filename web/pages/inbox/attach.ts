/** The largest file the composer sends (the send call takes up to 16 MB of media; a data URI adds a third). */
const ATTACH_MAX_BYTES = 10 * 1024 * 1024;

/** The message for a file too large to send, else empty. */
export function attachError(size: number): string {
  return size > ATTACH_MAX_BYTES ? 'The file is too large: files up to 10 MB can be sent.' : '';
}

/** A file as a `data:` URI, the form the send call takes media in. */
export function readAsDataUri(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
