/** The JSON Escape/Unescape tool's rules and messages (spec 2.11.9, 5 and 8). */
export const MESSAGES = {
  escaped: 'Text escaped successfully!',
  escapeFailed: 'Error escaping text!',
  unescaped: 'Text unescaped successfully!',
  unescapeFailed: 'Cannot unescape this entry!',
  copied: 'Content copied to clipboard!',
  copyFailed: 'Failed to copy content!',
  resultCleared: 'Result cleared!',
  allCleared: 'All content cleared!',
  saved: (kind: 'JSON' | 'TXT') => `File saved successfully as ${kind}!`,
  saveFailed: (reason: string) => `Error saving file: ${reason}`,
  fetchFailed: (reason: string) => `Error fetching JSON: ${reason}`,
  readFailed: (reason: string) => `Error reading JSON file: ${reason}`,
} as const;

const UNESCAPE_ERROR = 'Cannot unescape this entry';

export const SAMPLES = {
  simple: '{\n  "name": "John Doe",\n  "age": 30,\n  "city": "New York"\n}',
  complex:
    '{\n  "user": {\n    "id": 1,\n    "name": "Jane \\"JJ\\" Smith",\n    "tags": ["admin", "editor"],\n    "address": { "street": "1 Main St", "zip": "10001" }\n  },\n  "message": "Line one\\nLine two\\tTabbed",\n  "active": true\n}',
} as const;

/** Escapes text for use inside a JSON string. */
export function escapeJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Reads escapes back; throws UNESCAPE_ERROR when the text is not a valid JSON string body. */
export function unescapeJson(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    throw new Error(UNESCAPE_ERROR);
  }
}

/**
 * One Escape or Unescape: its result and notice. A failure gives an empty result, so the previous
 * one is not left ready to copy as if it were this input's.
 */
export function transform(
  fn: (text: string) => string,
  input: string,
  ok: string,
  failed: string,
): { result: string; notice: string } {
  try {
    return { result: fn(input), notice: ok };
  } catch {
    return { result: '', notice: failed };
  }
}

/** An uploaded file's JSON, pretty printed with 2 spaces. */
export function prettyJson(text: string): string {
  return JSON.stringify(JSON.parse(text), null, 2);
}

/**
 * An uploaded file's text as the new input: its JSON pretty printed, or, for a file that is not JSON,
 * 'Error reading JSON file: {reason}' to show beside the input, which keeps what it held.
 */
export function readJsonUpload(text: string): { input: string } | { error: string } {
  try {
    return { input: prettyJson(text) };
  } catch (err) {
    return { error: MESSAGES.readFailed(err instanceof Error ? err.message : String(err)) };
  }
}

/** Fetches a URL's JSON, pretty printed; a non-OK answer throws 'HTTP error! status: {code}'. */
export async function fetchJson(url: string, fetcher: typeof fetch = fetch): Promise<string> {
  const res = await fetcher(url);
  if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
  return JSON.stringify(await res.json(), null, 2);
}

/** The saved file's name and type. */
export function saveTarget(kind: 'JSON' | 'TXT'): { name: string; type: string } {
  return kind === 'JSON'
    ? { name: 'processed_file.json', type: 'application/json' }
    : { name: 'processed_file.txt', type: 'text/plain' };
}
