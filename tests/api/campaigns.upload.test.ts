import * as XLSX from '@e965/xlsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
});
afterEach(async () => {
  await t.close();
});

function xlsx(rows: unknown[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Audience');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

const upload = (path: string, fields: Record<string, string>, file?: { bytes: Uint8Array | string; name: string }) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([file.bytes as BlobPart]), file.name);
  return api.request(path, { method: 'POST', body: form });
};

describe('campaigns: audience files', () => {
  it('creates a campaign from an xlsx file, the number column chosen and the other columns as variables', async () => {
    const phone = await api.addPhone();
    const bytes = xlsx([
      ['Phone', 'name', 'city'],
      [905301112201, 'Ayşe', 'İzmir'],
      ['+90 530 111 22 02', 'Mehmet', 'Ankara'],
      [905301112201, 'Ayşe again', 'İzmir'],
      ['12', 'Nobody', ''],
    ]);
    const preview = await upload('/campaigns/preview-file', {}, { bytes, name: 'audience.xlsx' });
    expect(preview.status).toBe(200);
    expect((await preview.json()).data).toEqual({
      columns: ['Phone', 'name', 'city'],
      rows: [
        { Phone: '905301112201', name: 'Ayşe', city: 'İzmir' },
        { Phone: '+90 530 111 22 02', name: 'Mehmet', city: 'Ankara' },
        { Phone: '905301112201', name: 'Ayşe again', city: 'İzmir' },
        { Phone: '12', name: 'Nobody', city: '' },
      ],
      total: 4,
    });

    const res = await upload(
      '/campaigns',
      {
        name: 'From a file',
        phone_ids: String(phone),
        number_column: 'Phone',
        message: JSON.stringify({ type: 'text', message: 'Hello {{name}} from {{city}}' }),
        schedule_at: '2030-01-01T00:00:00Z',
      },
      { bytes, name: 'audience.xlsx' },
    );
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ status: 'scheduled', total: 3, invalid: 1, duplicates: 1 });
    const page = await api.get(`/campaigns/${body.data.id}/recipients`);
    expect(page.body.data.map((r: { number: string; variables: unknown }) => [r.number, r.variables])).toEqual([
      ['905301112201', { name: 'Ayşe', city: 'İzmir' }],
      ['905301112202', { name: 'Mehmet', city: 'Ankara' }],
      ['12', { name: 'Nobody', city: '' }],
    ]);
  });

  it('refuses an upload without a file, an unknown column, an unreadable file and a missing variable', async () => {
    const phone = await api.addPhone();
    const fields = {
      name: 'x',
      phone_ids: `[${phone}]`,
      number_column: 'number',
      message: JSON.stringify({ type: 'text', message: 'Hi {{first}}' }),
    };
    const csv = { bytes: 'number,first\n905301112201,Ali\n905301112202,\n', name: 'a.csv' };
    expect((await upload('/campaigns', fields)).status).toBe(422);
    expect((await upload('/campaigns', { ...fields, number_column: 'tel' }, csv)).status).toBe(422);
    expect((await upload('/campaigns', fields, { bytes: 'x', name: 'a.pdf' })).status).toBe(422);
    const empty = await upload('/campaigns', fields, { bytes: 'number,other\n905301112201,1\n', name: 'a.csv' });
    const emptyBody = await empty.json();
    expect(empty.status, JSON.stringify(emptyBody)).toBe(422);
    expect(emptyBody.error.message).toBe('recipients[0] has no variable "first", which the message uses ({{first}}).');
    // An empty cell is a value (an empty string).
    expect((await upload('/campaigns', fields, csv)).status).toBe(200);
    expect((await upload('/campaigns/preview-file', {})).status).toBe(422);
    const json = await api.post('/campaigns/preview-file', {});
    expect(json.status).toBe(415);
  });
});
