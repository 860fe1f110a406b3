import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors';
import { pickAudience, readAudienceFile } from '../../src/services/campaigns/audience-file';

const encode = (text: string) => new TextEncoder().encode(text);

/** An xlsx built the way a spreadsheet program would write it. */
function xlsx(rows: unknown[][], sheet = 'audience'): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('readAudienceFile (issue 41)', () => {
  it('reads a CSV as written: quoted fields, a BOM, numbers kept as text', () => {
    const file = readAudienceFile(
      encode('\uFEFFphone,name,city\r\n"0090 530 111 2233","Ayşe, Jr",Ankara\r\n905301112234,Mehmet,\r\n'),
      'list.csv',
    );
    expect(file.columns).toEqual(['phone', 'name', 'city']);
    expect(file.rows).toEqual([
      ['0090 530 111 2233', 'Ayşe, Jr', 'Ankara'],
      ['905301112234', 'Mehmet', ''],
    ]);
  });

  it('reads an xlsx: whole numbers in full, blank rows left out, rows padded to the header', () => {
    const file = readAudienceFile(
      xlsx([['number', 'name', 'code'], [905301112232, 'Ayşe', 7], [], ['+90 530 111 2233', 'Can'], [905301112234]]),
      'Audience.XLSX',
    );
    expect(file.columns).toEqual(['number', 'name', 'code']);
    expect(file.rows).toEqual([
      ['905301112232', 'Ayşe', '7'],
      ['+90 530 111 2233', 'Can', ''],
      ['905301112234', '', ''],
    ]);
  });

  it('names blank and repeated headers', () => {
    const file = readAudienceFile(encode('number,,name,name\n1,2,3,4\n'), 'a.csv');
    expect(file.columns).toEqual(['number', 'B', 'name', 'name (2)']);
  });

  it('refuses an unknown type, an empty file, an unreadable spreadsheet and too many rows', () => {
    expect(refusal(() => readAudienceFile(encode('x'), 'list.pdf')).code).toBe('VALIDATION');
    expect(refusal(() => readAudienceFile(encode(''), 'list.csv')).message).toMatch(/empty/);
    expect(refusal(() => readAudienceFile(encode('\n\n'), 'list.csv')).message).toMatch(/empty/);
    expect(refusal(() => readAudienceFile(xlsx([]), 'list.xlsx')).message).toMatch(/empty/);
    const rows = ['number', ...Array.from({ length: 11 }, (_, i) => String(905300000000 + i))].join('\n');
    expect(readAudienceFile(encode(rows), 'l.csv', 11).rows).toHaveLength(11);
    expect(refusal(() => readAudienceFile(encode(rows), 'l.csv', 10)).message).toBe(
      'The audience file has more than 10 rows.',
    );
  });
});

describe('pickAudience', () => {
  it('takes the chosen column as the number and the others as variables', () => {
    const file = readAudienceFile(encode('name,phone,city\nAyşe,905301112232,Ankara\nCan,,İzmir\n'), 'a.csv');
    expect(pickAudience(file, 'phone')).toEqual([
      { number: '905301112232', variables: { name: 'Ayşe', city: 'Ankara' } },
      { number: '', variables: { name: 'Can', city: 'İzmir' } },
    ]);
    const e = refusal(() => pickAudience(file, 'mobile'));
    expect(e.code).toBe('VALIDATION');
    expect(e.message).toBe('The audience file has no column named mobile.');
  });
});

describe('100,000 rows', () => {
  it('reads an xlsx of 100,000 recipients in under 3 s', () => {
    const rows: unknown[][] = [['number', 'name', 'order']];
    for (let i = 0; i < 100_000; i++) rows.push([905300000000 + i, `Customer ${i}`, `A-${i}`]);
    const bytes = xlsx(rows);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const audience = pickAudience(readAudienceFile(bytes, 'big.xlsx'), 'number');
    const ms = performance.now() - started;
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    console.info(
      `audience xlsx: 100,000 rows (${(bytes.length / 2 ** 20).toFixed(1)} MB) in ${ms.toFixed(0)} ms, heap +${heapMb.toFixed(0)} MB`,
    );
    expect(audience).toHaveLength(100_000);
    expect(audience[99_999]).toEqual({
      number: '905300099999',
      variables: { name: 'Customer 99999', order: 'A-99999' },
    });
    expect(ms).toBeLessThan(3000);
  });
});
