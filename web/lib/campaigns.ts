/**
 * Campaigns as the messaging API describes them (issue 41), and the pure rules of the /campaigns
 * screens: the pasted audience, the {{variables}} of a message and their preview per recipient, the
 * progress of a campaign and the chart's series built from successive count readings.
 */
import { CAMPAIGN_STATUSES, COUNT_NAMES } from '../../src/shared/campaign-states';

export { CAMPAIGN_RECIPIENTS_MAX, COUNT_NAMES, RECIPIENT_STATUSES } from '../../src/shared/campaign-states';

type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

type CountKey = (typeof COUNT_NAMES)[number];
export type Counts = Record<CountKey, number>;

/** A campaign as `GET /api/{pid}/campaigns/{id}` answers it; the list may add its phones and creation time. */
export interface Campaign {
  id: string | number;
  name: string;
  status: CampaignStatus | (string & {});
  total: number;
  counts: Counts;
  started_at: string | null;
  finished_at: string | null;
  /** When the rest should be sent (ISO), or null when nothing is left or it cannot be told. */
  eta: string | null;
  created_at?: string | null;
  schedule_at?: string | null;
  phone_ids?: number[];
}

/** One recipient of `GET .../recipients`. */
export interface CampaignRecipient {
  number: string;
  status: string;
  msg_id?: string | null;
  error?: string | null;
  variables?: Record<string, string> | null;
  phone_id?: number | null;
}

export interface RecipientPage {
  data: CampaignRecipient[];
  /** The next page's cursor, null on the last page. */
  next_cursor: string | null;
}

/** A recipient as the create call takes it. */
export interface AudienceEntry {
  number: string;
  variables: Record<string, string>;
}

/** The message of a campaign: a text, a media message, or a template of an official number. */
export type CampaignMessage =
  | { type: 'text'; message: string }
  | { type: 'media'; message: string; text?: string; filename?: string }
  | {
      type: 'template';
      template: {
        name: string;
        language: string;
        components?: { type: 'body'; parameters: { type: 'text'; text: string }[] }[];
      };
    };

/** A file's columns and first rows, as the preview-file call answers. */
export interface FilePreview {
  columns: string[];
  rows: Record<string, string>[];
  total?: number;
}

/** A column named like this holds the number, when a pasted list has a header row. */
const NUMBER_COLUMN = /^(number|phone|mobile|msisdn|to|to_number|tel|whatsapp)$/i;

/** Splits one CSV-style line on `sep`, double quotes holding separators and doubled quotes. */
export function splitLine(line: string, sep: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') ((cell += '"'), i++);
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') ((quoted = true), (cell = ''));
    else if (ch === sep) (out.push(cell.trim()), (cell = ''));
    else cell += ch;
  }
  out.push(cell.trim());
  return out;
}

/** The separator of a pasted list: a tab, a semicolon or a comma, whichever the first line has. */
function separatorOf(line: string): string | null {
  return ['\t', ';', ','].find((s) => line.includes(s)) ?? null;
}

const looksLikeNumber = (cell: string) => /^\+?[\d\s().-]{5,}$/.test(cell);

export interface PastedAudience {
  recipients: AudienceEntry[];
  /** The columns other than the number (the variables), from the header row; empty without one. */
  columns: string[];
  /** 1-based lines whose number cell is empty. */
  blank: number[];
}

/**
 * Reads a pasted audience: one number per line, or CSV-style lines (comma, semicolon or tab) whose
 * first line names the columns; the column named number/phone (else the first) holds the number and
 * the others become variables. Without a header row the extra cells are variables 1, 2, ...
 */
export function parsePastedAudience(text: string): PastedAudience {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const sep = lines[0] ? separatorOf(lines[0]) : null;
  if (!sep) {
    return { recipients: lines.map((l) => ({ number: l.trim(), variables: {} })), columns: [], blank: [] };
  }
  const first = splitLine(lines[0]!, sep);
  const header = !looksLikeNumber(first[0] ?? '') || first.some((c) => NUMBER_COLUMN.test(c));
  const names = header ? first.map((c, i) => c || `${i + 1}`) : first.map((_, i) => String(i));
  const numberAt = header
    ? Math.max(
        0,
        names.findIndex((c) => NUMBER_COLUMN.test(c)),
      )
    : 0;
  const recipients: AudienceEntry[] = [];
  const blank: number[] = [];
  lines.slice(header ? 1 : 0).forEach((line, i) => {
    const cells = splitLine(line, sep);
    const number = cells[numberAt] ?? '';
    if (!number) return void blank.push(i + (header ? 2 : 1));
    const variables: Record<string, string> = {};
    cells.forEach((cell, j) => {
      if (j !== numberAt) variables[names[j] ?? String(j)] = cell;
    });
    recipients.push({ number, variables });
  });
  return { recipients, columns: names.filter((_, j) => j !== numberAt), blank };
}

/** A file's rows as recipients: `numberColumn` holds the number, the other columns are variables. */
export function rowsToAudience(rows: readonly Record<string, string>[], numberColumn: string): AudienceEntry[] {
  return rows.map((row) => {
    const variables: Record<string, string> = {};
    for (const [k, v] of Object.entries(row)) if (k !== numberColumn) variables[k] = String(v ?? '');
    return { number: String(row[numberColumn] ?? ''), variables };
  });
}

const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The names of the {{variables}} of some texts, each once, in order of appearance. */
export function variablesOf(...texts: (string | undefined)[]): string[] {
  const names = new Set<string>();
  for (const t of texts) for (const m of (t ?? '').matchAll(VARIABLE)) names.add(m[1]!);
  return [...names];
}

/** A text with a recipient's variables filled in; a missing one stays `{{name}}` and is listed. */
export function fillVariables(
  text: string,
  vars: Readonly<Record<string, string>>,
): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const filled = text.replace(VARIABLE, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined || v === '') {
      missing.add(name);
      return whole;
    }
    return v;
  });
  return { text: filled, missing: [...missing] };
}

/** The texts of a message that may hold variables. */
export function messageTexts(m: CampaignMessage): string[] {
  if (m.type === 'text') return [m.message];
  if (m.type === 'media') return [m.message, m.text ?? ''];
  return (m.template.components ?? []).flatMap((c) => c.parameters.map((p) => p.text));
}

/** How many recipients lack each variable of the message (only those lacking, by name). */
export function missingVariables(m: CampaignMessage, audience: readonly AudienceEntry[]): Record<string, number> {
  const names = variablesOf(...messageTexts(m));
  const out: Record<string, number> = {};
  for (const r of audience) {
    for (const n of names) if (r.variables[n] === undefined || r.variables[n] === '') out[n] = (out[n] ?? 0) + 1;
  }
  return out;
}

/** Template body parameters from one line each, the {{variables}} in them kept for the server to fill. */
export function templateParameters(lines: string): { type: 'text'; text: string }[] {
  return lines
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((text) => ({ type: 'text' as const, text }));
}

/** The recipients that are past sending: sent, or settled any other way. */
export function doneCount(c: Pick<Campaign, 'counts'>): number {
  const k = c.counts;
  return k.sent + k.delivered + k.read + k.replied + k.failed + k.opted_out + k.invalid + k.cancelled;
}

/** The share of a campaign's recipients past sending, 0-100. */
export function progressOf(c: Pick<Campaign, 'counts' | 'total'>): number {
  return c.total > 0 ? Math.min(100, (doneCount(c) / c.total) * 100) : 0;
}

/** The counts the chart draws: reached at least this far (a delivered message was sent too). */
export function reached(counts: Counts): { sent: number; delivered: number; read: number; replied: number } {
  const replied = counts.replied;
  const read = counts.read + replied;
  const delivered = counts.delivered + read;
  return { sent: counts.sent + delivered, delivered, read, replied };
}

/** One reading of a campaign's counts at a time (seconds). */
export interface Reading {
  t: number;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
}

/** Most readings the chart keeps: at one every 2.5 s, the last hour and a half. */
const READINGS_MAX = 2_000;

/**
 * The chart's series, built in the browser from successive readings (the API answers counts now, not
 * a history): a new reading is added when a count changed or 30 s passed, the oldest dropped past
 * READINGS_MAX.
 */
export function addReading(list: readonly Reading[], counts: Counts, t: number): Reading[] {
  const r = { t, ...reached(counts) };
  const last = list[list.length - 1];
  if (
    last &&
    last.sent === r.sent &&
    last.delivered === r.delivered &&
    last.read === r.read &&
    last.replied === r.replied &&
    t - last.t < 30
  )
    return list as Reading[];
  return [...list, r].slice(-READINGS_MAX);
}

/** The chip tone of a campaign's status. */
export function statusTone(status: string): 'success' | 'info' | 'warning' | 'danger' | 'neutral' {
  if (status === 'running') return 'info';
  if (status === 'completed') return 'success';
  if (status === 'paused' || status === 'scheduled') return 'warning';
  if (status === 'cancelled') return 'danger';
  return 'neutral';
}

/** A count key as people read it: `opted_out` is "Opted out". */
export function countLabel(k: string): string {
  const s = k.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** An ISO time as `YYYY-MM-DD HH:mm` in the browser's time zone; '—' for none. */
export function shortTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The ETA as people read it: "in 12 min (14:05)", "in 2 h 5 min", or '—'. */
export function etaText(eta: string | null, now = Date.now()): string {
  if (!eta) return '—';
  const at = Date.parse(eta);
  if (Number.isNaN(at)) return '—';
  const min = Math.max(0, Math.round((at - now) / 60_000));
  const span = min < 1 ? 'under a minute' : min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
  return `in ${span} (${shortTime(eta)})`;
}
