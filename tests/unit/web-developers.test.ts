import { describe, expect, it } from 'vitest';
import { DEV_MSG } from '../../web/lib/dev-messages';
import {
  bookedContactsTone,
  bulkPhoneIds,
  chatIdFor,
  fileDate,
  formatUtc,
  groupPagePhones,
  isBulkFile,
  isConnected,
  logsFetchOf,
  pageCount,
  textFirstColumn,
  webhookNeedsWarning,
} from '../../web/lib/developers';
import { toCsv } from '../../src/shared/csv';
import { ApiError } from '../../web/lib/api';
import { operationsByTag, sendExamples } from '../../web/pages/developers/ApiSummary';
import { filterGroups } from '../../web/pages/developers/GroupInfoPage';
import { logSummary } from '../../web/pages/developers/log-summary';
import { defaultWebhookUrl, showsLiveChatNotice } from '../../web/pages/developers/WebhookPage';
import { deliveryLabel } from '../../web/pages/phone-detail/ChatPane';
import { displayType } from '../../web/pages/phone-detail/MessageBody';
import { clearOutcome } from '../../web/stores/developers/bulk-clear';
import { groupFetchError } from '../../web/stores/developers/group-info';
import { groupLogCsv, isRelated, type GroupActionLog } from '../../web/stores/developers/group-logs';
import type { LogEvent } from '../../web/stores/developers/logs';
import { PROCESSING_REFRESH_MS, QUEUE_REFRESH_MS, queueRefreshMs } from '../../web/stores/developers/queues';

describe('developer pages: dates and paging', () => {
  it('shows dates as UTC YYYY-MM-DD HH:mm:ss from ISO strings, milliseconds and seconds', () => {
    expect(formatUtc('2026-01-12T09:15:27.123Z')).toBe('2026-01-12 09:15:27');
    expect(formatUtc(1768209327)).toBe('2026-01-12 09:15:27');
    expect(formatUtc(1768209327000)).toBe('2026-01-12 09:15:27');
    expect(formatUtc(null)).toBe('–');
    expect(fileDate(Date.UTC(2026, 0, 5))).toBe('2026-01-05');
  });

  it('fetches logs 500 at a time and pages them 50 at a time', () => {
    expect(logsFetchOf(1)).toEqual({ fetchPage: 1, offset: 0 });
    expect(logsFetchOf(10)).toEqual({ fetchPage: 1, offset: 450 });
    expect(logsFetchOf(11)).toEqual({ fetchPage: 2, offset: 0 });
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(501, 50)).toBe(11);
  });
});

describe('webhook page rules', () => {
  it('warns for URLs containing ngrok, free or webhook', () => {
    expect(webhookNeedsWarning('https://abc.ngrok.io/in')).toBe(true);
    expect(webhookNeedsWarning('https://FREE.example.com')).toBe(true);
    expect(webhookNeedsWarning('https://example.com/Webhook')).toBe(true);
    expect(webhookNeedsWarning('https://example.com/in')).toBe(false);
  });

  it('shows the live-chat notice for live and {product}-custom-api, and points the default at live chat', () => {
    expect(showsLiveChatNotice('live', 'wapi')).toBe(true);
    expect(showsLiveChatNotice('wapi-custom-api', 'wapi')).toBe(true);
    expect(showsLiveChatNotice('api', 'wapi')).toBe(false);
    expect(showsLiveChatNotice(null, 'wapi')).toBe(false);
    expect(defaultWebhookUrl('https://c.example.com')).toBe('https://c.example.com/api/live/webhook');
  });

  it('refreshes queues every 60 s, and every 10 s while one is processing', () => {
    expect(queueRefreshMs([{ queue: 0 }])).toBe(QUEUE_REFRESH_MS);
    expect(queueRefreshMs([{ queue: 0 }, { queue: 3 }])).toBe(PROCESSING_REFRESH_MS);
    expect([QUEUE_REFRESH_MS, PROCESSING_REFRESH_MS]).toEqual([60_000, 10_000]);
  });
});

describe('bulk queue clear file rules', () => {
  const account = new Set([101, 102]);

  it('keeps numeric ids of the account once, ignores header words, counts the rest invalid', () => {
    expect(bulkPhoneIds(['Phone ID', '101', 102, ' 101 ', 'abc', '999', '', null], account)).toEqual({
      ok: true,
      ids: [101, 102],
      invalid: 2,
    });
    expect(bulkPhoneIds(['phoneid', 'ID', '"101"'], account)).toEqual({ ok: true, ids: [101], invalid: 0 });
  });

  it('gives the spec messages when nothing is valid', () => {
    expect(bulkPhoneIds(['phone id', '', 'id'], account)).toEqual({ ok: false, message: DEV_MSG.bulkNoValidIds });
    expect(bulkPhoneIds(['x', '999', '12a'], account)).toEqual({
      ok: false,
      message: "No valid Phone IDs found. All 3 IDs are invalid or don't exist in your phone list.",
    });
  });

  it('reads only the part of each text line before its first comma', () => {
    expect(textFirstColumn('\uFEFFPhone ID,Name\r\n101,Support\n102\n\n103,x,y')).toEqual([
      'Phone ID',
      '101',
      '102',
      '',
      '103',
    ]);
  });

  it('accepts .csv, .txt, .xlsx and .xls only', () => {
    expect(['a.csv', 'b.TXT', 'c.xlsx', 'd.xls'].every(isBulkFile)).toBe(true);
    expect(isBulkFile('e.json')).toBe(false);
  });

  it("reports each clear as 'Successfully Cleared', 'Undefined' or 'Error: ...'", async () => {
    expect(await clearOutcome(async () => ({ success: true }))).toEqual({
      success: true,
      message: 'Successfully Cleared',
    });
    expect(await clearOutcome(async () => ({}))).toEqual({ success: false, message: 'Undefined' });
    expect(await clearOutcome(async () => Promise.reject(new Error('Phone not found.')))).toEqual({
      success: false,
      message: 'Error: Phone not found.',
    });
  });
});

describe('logs, groups, safety, chat', () => {
  const log = (over: Partial<LogEvent>): LogEvent => ({
    id: 1,
    pid: 'p1',
    phone: null,
    created_at: '',
    updated_at: '',
    type: 'incoming',
    data: {},
    ...over,
  });

  it('summarises each log type in one line', () => {
    expect(logSummary(log({ data: { method: 'GET', path: '/api/p1/7/status', statusCode: 404 } }))).toEqual({
      title: 'GET /7/status',
      code: 404,
    });
    expect(
      logSummary(
        log({
          type: 'outgoing',
          data: { kind: 'ack', attempt: 1, webhook: 'https://h', response: { statusCode: 200 } },
        }),
      ),
    ).toEqual({ title: 'Webhook ack delivered → https://h', code: 200 });
    expect(
      logSummary(
        log({
          type: 'error',
          data: { attempt: 2, webhook: 'https://h', message: 'HTTP 500', response: { statusCode: 500 } },
        }),
      ).title,
    ).toBe('Webhook failed: HTTP 500 → https://h');
    expect(
      logSummary(
        log({
          type: 'outgoing',
          data: {
            kind: 'message',
            webhook: 'https://h',
            body: { message: { type: 'text', text: 'Hi' }, user: { phone: '905' } },
          },
        }),
      ).title,
    ).toBe('+905: Hi');
    expect(logSummary(log({ type: 'outgoing', data: { kind: 'status', body: { status: 'active' } } })).title).toBe(
      'Status: active',
    );
  });

  it('marks group rows about a connected number and exports the table as CSV', () => {
    const row: GroupActionLog = {
      id: 1,
      phone: '101',
      created_at: '2026-01-12T09:15:27.000Z',
      data: {
        body: {
          receiver: '905301234561',
          conversation: 'g1@g.us',
          conversation_name: 'Team, Ankara',
          message: { type: 'info', participant: '905301234561@c.us', subtype: 'group/leave' },
        },
      },
    };
    expect(isRelated(row, new Set(['905301234561']))).toBe(true);
    expect(isRelated(row, new Set(['905301234562']))).toBe(false);
    expect(groupLogCsv([row])).toBe(
      '"Phone ID","Number","Group Name","Group ID","Participant","Subtype","Date"\r\n"101","905301234561","Team, Ankara","g1@g.us","905301234561","leave","2026-01-12 09:15:27"\r\n',
    );
    expect(toCsv([['a"b', 1]])).toBe('"a""b","1"\r\n');
  });

  it('leaves phones showing a QR or idle out of the group pages, and searches groups by name or id', () => {
    expect(
      groupPagePhones([{ status: 'active' }, { status: 'qr-screen' }, { status: 'idle' }, { status: 'phone-error' }]),
    ).toEqual([{ status: 'active' }, { status: 'phone-error' }]);
    const groups = [
      { id: 'abc@g.us', name: 'Sales', participantCount: 1, adminCount: 1, participants: [], admins: [] },
      { id: 'xyz@g.us', name: 'Team', participantCount: 1, adminCount: 1, participants: [], admins: [] },
    ];
    expect(filterGroups(groups, ' sal ').map((g) => g.id)).toEqual(['abc@g.us']);
    expect(filterGroups(groups, 'XYZ').map((g) => g.name)).toEqual(['Team']);
  });

  it('explains a failed group fetch with the server message or one of the two defaults', () => {
    expect(groupFetchError(new ApiError('Phone is not active.', 409, true, 'CONFLICT'))).toBe('Phone is not active.');
    expect(groupFetchError(new ApiError('502 Bad Gateway', 502))).toBe(DEV_MSG.groupFetchFailed);
    expect(groupFetchError(new ApiError('Error communicating with the server', 0))).toBe(DEV_MSG.groupFetchError);
  });

  it('colours booked contacts 0 red, 1 to 30 warning, above 30 green, and reads CONNECTED', () => {
    expect([0, 1, 30, 31].map(bookedContactsTone)).toEqual(['danger', 'warning', 'warning', 'success']);
    expect(isConnected({ state: { state: 'CONNECTED' } })).toBe(true);
    expect(isConnected({ state: { state: 'OPENING' } })).toBe(false);
  });

  it('tells sent media apart by file name and labels delivery', () => {
    const m = { id: 1, fromMe: true, timestamp: 0 };
    expect(displayType({ ...m, type: 'media', url: '/media/x/photo.JPG' })).toBe('image');
    expect(displayType({ ...m, type: 'media', filename: 'clip.mp4' })).toBe('video');
    expect(displayType({ ...m, type: 'media', filename: 'invoice.pdf' })).toBe('document');
    expect(displayType({ ...m, type: 'chat' })).toBe('text');
    expect(deliveryLabel({ ...m, type: 'text', status: 'sent', ack: 3 })).toBe('seen');
    expect(deliveryLabel({ ...m, type: 'text', status: 'queued' })).toBe('queued');
    expect(chatIdFor('+90 530 123 45 67')).toBe('905301234567@c.us');
  });

  it('groups the OpenAPI operations by tag and finds the sendMessage examples', () => {
    const doc = {
      info: { title: 'T', version: '1' },
      tags: [{ name: 'B' }, { name: 'A' }],
      paths: {
        '/x': { get: { tags: ['A'], summary: 'x' } },
        '/{phone_id}/sendMessage': {
          post: {
            tags: ['B'],
            summary: 's',
            requestBody: { content: { 'application/json': { examples: { Text: { value: { type: 'text' } } } } } },
          },
        },
      },
    };
    expect(operationsByTag(doc)).toEqual([
      { tag: 'B', ops: [{ method: 'POST', path: '/{phone_id}/sendMessage', summary: 's' }] },
      { tag: 'A', ops: [{ method: 'GET', path: '/x', summary: 'x' }] },
    ]);
    expect(sendExamples(doc)).toEqual({ Text: { type: 'text' } });
  });
});
