import { describe, expect, it } from 'vitest';
import { csvCell, neutralCell, toCsv } from '../../src/shared/csv';
import { groupLogCsv, type GroupActionLog } from '../../web/stores/developers/group-logs';
import { resultsCsv } from '../../web/stores/integrations';

describe('the CSV writer (OWASP CSV injection)', () => {
  it('puts a single quote before text a spreadsheet would run as a formula, and quotes every cell', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const text = `${start}HYPERLINK("https://evil.example","click")`;
      expect(neutralCell(text)).toBe(`'${text}`);
      expect(csvCell(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
    }
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
  });

  it('leaves ordinary text, inner formula characters and numbers as they are', () => {
    expect(csvCell('Team, Ankara')).toBe('"Team, Ankara"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(' =1')).toBe('" =1"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell(905301234567)).toBe('"905301234567"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it('writes rows ending with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['=b', ''],
      ]),
    ).toBe(`"a","1"\r\n"'=b",""\r\n`);
    expect(toCsv([])).toBe('');
  });

  it('is the writer of the console exports: group action logs and campaign results', () => {
    const row: GroupActionLog = {
      id: 1,
      phone: '101',
      created_at: '2026-01-12T09:15:27.000Z',
      data: {
        body: {
          receiver: '905301234561',
          conversation: 'g1@g.us',
          conversation_name: '=cmd|" /C calc"!A0',
          message: { type: 'info', participant: '905301234561@c.us', subtype: 'group/leave' },
        },
      },
    };
    expect(groupLogCsv([row]).split('\r\n')[1]).toContain(`"'=cmd|"" /C calc""!A0"`);
    const results = resultsCsv([
      { row: 2, type: 'text', to_number: '+905401000003', status: 'failed', message_id: null, error: '@evil' },
    ] as never);
    expect(results).toBe(
      `"row","type","to_number","status","message_id","error"\r\n"2","text","'+905401000003","failed","","'@evil"\r\n`,
    );
  });
});
