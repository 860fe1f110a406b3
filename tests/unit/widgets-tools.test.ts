/** The free tools' rules (spec 2.11, 3, 5, 8): vCard, JSON escape, text formatting, QR naming. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_CONTACT,
  FILL_WARNING,
  canOutput,
  contactJson,
  contactVcf,
  foldLine,
  photoProblem,
} from '../../widgets/src/tools/vcard';
import {
  MESSAGES,
  SAMPLES,
  escapeJson,
  fetchJson,
  prettyJson,
  readJsonUpload,
  saveTarget,
  transform,
  unescapeJson,
} from '../../widgets/src/tools/json-escape';
import { BASE64_MAX_BYTES, BASE64_WRONG_TYPE, base64Problem } from '../../widgets/src/tools/base64';
import { MEDIA_MAX_BYTES } from '../../src/services/messages/media';
import { parseFormatting, wrapSelection } from '../../widgets/src/tools/text-format';
import {
  QR_CAPACITY,
  QR_EMPTY,
  QR_LEVEL,
  QR_LEVELS,
  QR_MAX_LINK,
  QR_SIZE,
  qrCapacity,
  qrFileName,
  qrLevel,
  qrLevelNote,
  qrLink,
  qrTooLong,
} from '../../widgets/src/tools/qr';
import jsQR from 'jsqr';
import { QRCodeSVG } from 'qrcode.react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const full = {
  ...EMPTY_CONTACT,
  firstName: 'Ayşe',
  lastName: 'Yılmaz; Jr.',
  phone: '+90 555 123 45 67',
  email: 'ayse@example.com',
  organization: 'Acme, Inc.',
  position: 'Sales',
  note: 'Line one\nLine two, with \\ backslash',
  photo: `data:image/png;base64,${PNG_1PX}`,
};

describe('vCard maker', () => {
  it('needs a first name and a phone, with the spec warning', () => {
    expect(canOutput(EMPTY_CONTACT)).toBe(false);
    expect(canOutput({ ...EMPTY_CONTACT, firstName: 'A' })).toBe(false);
    expect(canOutput({ ...EMPTY_CONTACT, firstName: 'A', phone: ' ' })).toBe(false);
    expect(canOutput({ ...EMPTY_CONTACT, firstName: 'A', phone: '1' })).toBe(true);
    expect(FILL_WARNING).toBe('You have to fill First Name and Phone Number to get code');
  });

  it('puts only the non-empty fields in the JSON', () => {
    expect(contactJson({ ...EMPTY_CONTACT, firstName: ' Ali ', phone: '123', note: '  ' })).toEqual({
      firstName: 'Ali',
      phone: '123',
    });
    expect(Object.keys(contactJson(full))).toEqual([
      'firstName',
      'lastName',
      'phone',
      'email',
      'organization',
      'position',
      'note',
      'photo',
    ]);
  });

  it('writes a VCF that an independent parser (ical.js) reads back field by field', () => {
    const vcf = contactVcf(full);
    expect(vcf.endsWith('\r\n')).toBe(true);
    const card = new ICAL.Component(ICAL.parse(vcf));
    expect(card.name).toBe('vcard');
    expect(card.getFirstPropertyValue('version')).toBe('3.0');
    expect(card.getFirstPropertyValue('fn')).toBe('Ayşe Yılmaz; Jr.');
    expect(card.getFirstPropertyValue('n')).toEqual(['Yılmaz; Jr.', 'Ayşe', '', '', '']);
    expect(card.getFirstPropertyValue('email')).toBe('ayse@example.com');
    const tel = card.getFirstProperty('tel')!;
    expect(tel.getFirstValue()).toBe('+90 555 123 45 67');
    expect(String(tel.getParameter('type'))).toMatch(/work.*voice/i);
    expect(card.getFirstPropertyValue('org')).toBe('Acme, Inc.');
    expect(card.getFirstPropertyValue('note')).toBe('Line one\nLine two, with \\ backslash');
    const photo = card.getFirstProperty('photo')!;
    expect(String(photo.getParameter('type'))).toBe('PNG');
    expect(String(photo.getFirstValue())).toContain(PNG_1PX.slice(0, 20));
  });

  it('writes the position as TITLE', () => {
    const card = new ICAL.Component(ICAL.parse(contactVcf(full)));
    expect(card.getFirstPropertyValue('title')).toBe('Sales');
    expect(contactVcf({ ...full, position: 'Head of Sales, EMEA' })).toContain('\r\nTITLE:Head of Sales\\, EMEA\r\n');
    expect(contactVcf({ ...full, position: ' ' })).not.toContain('TITLE');
  });

  it('folds every line at 75 octets, the photo included, and reads back whole', () => {
    const photo = Buffer.alloc(3000, 7).toString('base64');
    const long = {
      ...full,
      position: 'Ürün Müdürü '.repeat(12).trim(),
      note: 'ğ'.repeat(100),
      photo: `data:image/png;base64,${photo}`,
    };
    const vcf = contactVcf(long);
    const lines = vcf.slice(0, -2).split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    // Continuations start with one space; a UTF-8 character is never cut in two.
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(50);
    expect(lines.every((l) => !l.includes('\uFFFD'))).toBe(true);
    expect(lines.some((l) => Buffer.byteLength(l) === 75)).toBe(true);
    const card = new ICAL.Component(ICAL.parse(vcf));
    expect(String(card.getFirstProperty('photo')!.getFirstValue())).toBe(photo);
    expect(card.getFirstPropertyValue('title')).toBe(long.position);
    expect(card.getFirstPropertyValue('note')).toBe(long.note);
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
    expect(foldLine(`${'a'.repeat(74)}ğ`)).toBe(`${'a'.repeat(74)}\r\n ğ`);
  });

  it('leaves out what was not given', () => {
    const vcf = contactVcf({ ...EMPTY_CONTACT, firstName: 'Ali', phone: '123' });
    const card = new ICAL.Component(ICAL.parse(vcf));
    expect(card.getFirstPropertyValue('fn')).toBe('Ali');
    for (const p of ['email', 'org', 'title', 'note', 'photo']) expect(card.getFirstProperty(p)).toBeNull();
  });

  it('takes JPEG/PNG photos of at most 2 MB', () => {
    expect(photoProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(photoProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toMatch(/2MB/);
    expect(photoProblem({ type: 'image/gif', size: 10 })).toMatch(/JPEG/);
  });
});

describe('JSON escape/unescape', () => {
  it('escapes and unescapes back', () => {
    const text = SAMPLES.complex;
    expect(unescapeJson(escapeJson(text))).toBe(text);
    expect(escapeJson('a"b\n')).toBe('a\\"b\\n');
  });

  it('refuses invalid escapes with the spec message', () => {
    expect(() => unescapeJson('bad \\x escape')).toThrow('Cannot unescape this entry');
    expect(MESSAGES.unescapeFailed).toBe('Cannot unescape this entry!');
  });

  it('a failed Unescape gives an empty result, not the previous one', () => {
    expect(transform(unescapeJson, 'a\\nb', MESSAGES.unescaped, MESSAGES.unescapeFailed)).toEqual({
      result: 'a\nb',
      notice: MESSAGES.unescaped,
    });
    expect(transform(unescapeJson, 'bad \\x escape', MESSAGES.unescaped, MESSAGES.unescapeFailed)).toEqual({
      result: '',
      notice: MESSAGES.unescapeFailed,
    });
  });

  it('pretty prints uploads with 2 spaces and names saved files', () => {
    expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(saveTarget('JSON').name).toBe('processed_file.json');
    expect(saveTarget('TXT').name).toBe('processed_file.txt');
    expect(MESSAGES.saved('TXT')).toBe('File saved successfully as TXT!');
  });

  it('takes an uploaded JSON file pretty printed, and for a file that is not JSON gives the error, not a new input', () => {
    expect(readJsonUpload('{"a":1}')).toEqual({ input: '{\n  "a": 1\n}' });
    const bad = readJsonUpload('name,phone\nAli,905551234567');
    expect(bad).not.toHaveProperty('input');
    expect((bad as { error: string }).error).toMatch(/^Error reading JSON file: .+/);
    expect((readJsonUpload('') as { error: string }).error).toMatch(/^Error reading JSON file: /);
  });

  it('fetches by URL and fails on a non-OK answer with the HTTP status', async () => {
    const ok = (async () => new Response('{"x":1}')) as unknown as typeof fetch;
    expect(await fetchJson('https://example.test/a.json', ok)).toBe('{\n  "x": 1\n}');
    const notFound = (async () => new Response('no', { status: 404 })) as unknown as typeof fetch;
    await expect(fetchJson('https://example.test/a.json', notFound)).rejects.toThrow('HTTP error! status: 404');
  });
});

describe('Base64 encoder', () => {
  it("refuses, before reading it, a file past the messaging API's media limit, and says so", () => {
    expect(BASE64_MAX_BYTES).toBe(MEDIA_MAX_BYTES);
    expect(base64Problem({ type: 'image/png', size: BASE64_MAX_BYTES })).toBeNull();
    expect(base64Problem({ type: 'video/mp4', size: 1 })).toBeNull();
    expect(base64Problem({ type: 'video/mp4', size: BASE64_MAX_BYTES + 1 })).toBe(
      "This file is 16.1 MB, larger than 16 MB, the messaging API's media limit: it is not encoded. Choose a smaller file.",
    );
    expect(base64Problem({ type: 'audio/ogg', size: 20.5 * 1024 * 1024 })).toMatch(/^This file is 20\.5 MB, larger/);
    expect(base64Problem({ type: 'application/pdf', size: 10 })).toBe(BASE64_WRONG_TYPE);
  });
});

describe('Text formatter', () => {
  it('wraps the selection in the markers and keeps it selected', () => {
    expect(wrapSelection('say hello now', 4, 9, 'bold')).toEqual({ text: 'say *hello* now', start: 5, end: 10 });
    expect(wrapSelection('code', 0, 4, 'monospace').text).toBe('```code```');
    expect(wrapSelection('x', 0, 1, 'strikethrough').text).toBe('~x~');
    expect(wrapSelection('x', 0, 1, 'italic').text).toBe('_x_');
  });

  it('parses nested formatting for the preview', () => {
    expect(parseFormatting('a *b _c_* ~d~ ```e*f*```')).toEqual([
      { text: 'a ', styles: [] },
      { text: 'b ', styles: ['bold'] },
      { text: 'c', styles: ['bold', 'italic'] },
      { text: ' ', styles: [] },
      { text: 'd', styles: ['strikethrough'] },
      { text: ' ', styles: [] },
      { text: 'e*f*', styles: ['monospace'] },
    ]);
  });
});

describe("Text formatter preview agrees with WhatsApp (the chat pane's parser)", () => {
  it('counts markers only at word edges', () => {
    expect(parseFormatting('snake_case_name')).toEqual([{ text: 'snake_case_name', styles: [] }]);
    expect(parseFormatting('2*3*4')).toEqual([{ text: '2*3*4', styles: [] }]);
    expect(parseFormatting('a*b* *c*d x_y_ _z_.')).toEqual([
      { text: 'a*b* *c*d x_y_ ', styles: [] },
      { text: 'z', styles: ['italic'] },
      { text: '.', styles: [] },
    ]);
    expect(parseFormatting('(*yes*) * no * *open\nclose*')).toEqual([
      { text: '(', styles: [] },
      { text: 'yes', styles: ['bold'] },
      { text: ') * no * *open\nclose*', styles: [] },
    ]);
    expect(parseFormatting('')).toEqual([]);
  });

  it('gives the same styles as the chat pane renders', () => {
    const text = '*bold _both_* ~gone~ ```a *b*``` see https://x.test/a_b_c.';
    expect(parseFormatting(text)).toEqual([
      { text: 'bold ', styles: ['bold'] },
      { text: 'both', styles: ['bold', 'italic'] },
      { text: ' ', styles: [] },
      { text: 'gone', styles: ['strikethrough'] },
      { text: ' ', styles: [] },
      { text: 'a *b*', styles: ['monospace'] },
      { text: ' see https://x.test/a_b_c.', styles: [] },
    ]);
  });
});

/** The code qrcode.react draws for a link at a level, as its module matrix (read from the SVG path). */
function qrMatrix(link: string, level: string): boolean[][] {
  const svg = renderToStaticMarkup(
    createElement(QRCodeSVG, { value: link, level: level as 'H', marginSize: 0, boostLevel: false }),
  );
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const dark = svg.split('<path').find((p) => p.includes('fill="#000000"'))!;
  const rows = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of dark.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g))
    for (let i = 0; i < Number(w); i++) rows[Number(y)]![Number(x) + i] = true;
  return rows;
}

/** Reads a module matrix back with jsQR (an independent decoder): 4 px a module, a 4-module quiet zone. */
function decodeMatrix(rows: boolean[][]): string | undefined {
  const scale = 4;
  const side = (rows.length + 8) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  rows.forEach((row, y) =>
    row.forEach((on, x) => {
      if (!on) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          rgba[at] = rgba[at + 1] = rgba[at + 2] = 0;
        }
    }),
  );
  return jsQR(rgba, side, side)?.data;
}

describe('QR generator', () => {
  const prefix = 'https://wa.me/905551234567?text=';
  it('knows the longest link each level holds, as the encoder does, and says so instead of throwing past L', () => {
    const encode = (link: string, level: string) =>
      renderToStaticMarkup(createElement(QRCodeSVG, { value: link, level: level as 'H', marginSize: 2 }));
    expect(QR_LEVELS).toEqual(['H', 'Q', 'M', 'L']);
    expect(QR_CAPACITY).toEqual({ H: 1273, Q: 1663, M: 2331, L: 2953 });
    for (const level of QR_LEVELS) {
      const fits = qrLink('905551234567', 'a'.repeat(QR_CAPACITY[level] - prefix.length));
      expect(fits).toHaveLength(QR_CAPACITY[level]);
      expect(() => encode(fits, level)).not.toThrow();
      expect(() => encode(`${fits}a`, level)).toThrow('Data too long');
      expect(qrLevel(fits)).toBe(level);
    }
    const fits = qrLink('905551234567', 'a'.repeat(QR_MAX_LINK - prefix.length));
    expect(QR_MAX_LINK).toBe(2953);
    expect(qrTooLong(fits)).toBeNull();
    const over = `${fits}a`;
    expect(qrLevel(over)).toBeNull();
    expect(qrTooLong(over)).toBe(
      'The message is too long for a QR code: shorten it by about 1 character (the link is 2954, at most 2953 fit).',
    );
    // 2,400 characters with 400 spaces: each space is 3 in the link (32 + 2,000 + 1,200).
    expect(qrTooLong(qrLink('905551234567', 'Hello there '.repeat(200)))).toMatch(/shorten it by about 279 characters/);
    expect(qrCapacity('')).toBe(
      'A QR code holds a link of up to 2953 characters, the number and the message together. A space or symbol counts 3, an emoji up to 12.',
    );
    expect(qrCapacity('https://wa.me/1')).toContain('together (15 used).');
  });

  it('uses level H while the link fits it, then the most robust level that holds it, and says which', () => {
    expect(qrLevel(qrLink('905551234567', 'Hi'))).toBe('H');
    expect(qrLevelNote('H')).toBeNull();
    expect(qrLevelNote(null)).toBeNull();
    expect(qrLevel('x'.repeat(1274))).toBe('Q');
    expect(qrLevel('x'.repeat(1664))).toBe('M');
    expect(qrLevel('x'.repeat(2332))).toBe('L');
    expect(qrLevelNote('Q')).toBe(
      'Too long for level H: this code is made at error-correction level Q, which reads with up to 25% of it damaged (H: 30%).',
    );
    expect(qrLevelNote('L')).toContain('level L, which reads with up to 7% of it damaged');
  });

  it('turns a 1,500-character message into a code that decodes to it', () => {
    const message = 'Hello, I would like to order 2 items. '.repeat(40).slice(0, 1_500);
    expect(message).toHaveLength(1_500);
    const link = qrLink('905551234567', message);
    expect(qrTooLong(link)).toBeNull();
    const level = qrLevel(link)!;
    expect(level).not.toBe('H');
    const data = decodeMatrix(qrMatrix(link, level));
    expect(data).toBe(link);
    expect(decodeURIComponent(new URL(data!).searchParams.get('text')!)).toBe(message);
    // Plain letters fit level Q: still the most robust level that holds them.
    expect(qrLevel(qrLink('905551234567', 'a'.repeat(1_500)))).toBe('Q');
  });

  it('links wa.me with the digits and the URL-encoded optional message', () => {
    expect(qrLink('+90 555 123', '')).toBe('https://wa.me/90555123');
    expect(qrLink('90555123', 'Hi & welcome?')).toBe('https://wa.me/90555123?text=Hi%20%26%20welcome%3F');
    expect(qrFileName('+90 555 123')).toBe('WhatsApp-QR-90555123.png');
    expect([QR_SIZE, QR_LEVEL, QR_EMPTY]).toEqual([200, 'H', 'Enter a phone number to generate QR code']);
  });
});
