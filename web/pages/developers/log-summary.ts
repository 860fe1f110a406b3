import { needsTemplate, TEMPLATE_NEEDED } from '../../../src/shared/cloud';
import type { LogEvent, LogFilter, LogType } from '../../stores/developers/logs';

type Tone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

/** The filters of the logs page (3-developer §2.1) and the type each asks the server for. */
export const LOG_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'incoming', label: 'Incoming' },
  { value: 'outgoing', label: 'Outgoing' },
  { value: 'error', label: 'Error' },
] as const satisfies readonly { value: LogFilter; label: string }[];

export const LOG_TYPE_TONE: Record<LogType, Tone> = { incoming: 'info', outgoing: 'success', error: 'danger' };

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** One line about an event: the API call, the webhook delivery, the message or the status. */
export function logSummary(e: LogEvent): { title: string; code?: number } {
  const d = e.data;
  if (typeof d.path === 'string') {
    const code = typeof d.statusCode === 'number' ? d.statusCode : undefined;
    // The product's own prefix says nothing here: `/api/{pid}/1/status` reads `/1/status`.
    const path = d.path.startsWith(`/api/${e.pid}/`) ? d.path.slice(`/api/${e.pid}`.length) : d.path;
    // A message that failed after it was accepted: its reason, and what to do about Meta's 131047.
    const failed =
      e.type === 'error' && typeof d.message === 'string'
        ? ` · ${d.message}${needsTemplate(d.message) ? ` ${TEMPLATE_NEEDED}` : ''}`
        : '';
    return { title: `${str(d.method)} ${path}`.trim() + failed, ...(code !== undefined ? { code } : {}) };
  }
  // A delivery attempt (it has an attempt number); the event it delivers is logged on its own.
  if (typeof d.webhook === 'string' && d.attempt !== undefined) {
    const code = obj(d.response).statusCode;
    const what =
      e.type === 'error'
        ? `Webhook failed${d.message ? `: ${str(d.message)}` : ''}`
        : `Webhook ${str(d.kind) || 'event'} delivered`;
    return { title: `${what} → ${d.webhook}`, ...(typeof code === 'number' ? { code } : {}) };
  }
  const body = obj(d.body);
  if (d.kind === 'message') {
    const m = obj(body.message);
    const from = str(obj(body.user).phone);
    const text = str(m.text) || str(m.caption) || str(m.subtype) || str(m.type);
    return { title: `${from ? `+${from}: ` : ''}${text}` || 'Message' };
  }
  if (d.kind === 'status') return { title: `Status: ${str(body.status) || 'changed'}` };
  return { title: str(d.message) || e.type };
}
