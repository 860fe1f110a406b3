import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialsOf } from '../../src/services/screen/avatar';
import { STATUS_COPY } from '../../src/services/screen/copy';
import { toFontText } from '../../src/services/screen/font';
import { AVATAR_SIZE, renderAvatar, renderScreen, type ScreenView } from '../../src/services/screen/render';
import { fitText, measureText, wrapText } from '../../src/services/screen/text';
import { avatarColor, COLORS, SCREEN_HEIGHT, SCREEN_WIDTH } from '../../src/services/screen/theme';
import { countColor, decodePng, pixel } from '../support/decode-png';

const SHOTS = new URL('../e2e/screenshots/', import.meta.url);

/** Deterministic base64 text, so the QR strings are realistic but stable between runs. */
function base64(seed: number, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let s = seed,
    out = '';
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out += alphabet[(s >>> 16) % 64];
  }
  return out;
}

/** A WhatsApp-Web-style linking string: ref, then three base64 keys. */
function whatsappQr(seed: number, refLength: number): string {
  return `2@${base64(seed, refLength)},${base64(seed + 1, 43)}=,${base64(seed + 2, 43)}=,${base64(seed + 3, 43)}=`;
}

const ACTIVE: ScreenView = {
  kind: 'active',
  phoneId: 12,
  me: { name: 'Ayşe Yılmaz Çiçekçilik', number: '905301234567' },
  chats: [
    { name: 'Mehmet Öztürk', last: 'Tamam, yarın görüşürüz 👍', time: '14:32', unread: 2 },
    {
      name: 'Support Team',
      last: 'Your order #48213 has been shipped and will arrive within 2 business days',
      time: '13:05',
    },
    { name: '+90 532 555 12 34', last: 'Merhaba, fiyat bilgisi alabilir miyim?', time: '12:47', unread: 1 },
    { name: 'Şule Güneş', last: 'Photo', time: '11:20' },
    {
      name: 'A very long contact name that certainly has to be cut with an ellipsis',
      last: 'ok',
      time: 'Yesterday',
      unread: 128,
    },
    { name: 'İbrahim Çelik', last: 'Görüşmek üzere!', time: 'Yesterday' },
    { name: '👨‍👩‍👧 Family', last: '🎂🎈 مرحبا', time: 'Monday' },
    { name: 'Zeynep', last: 'Thanks!', time: '01/02/2026' },
    { name: 'Ninth chat', last: 'is not shown', time: '00:00' },
  ],
};

const VIEWS: Record<string, ScreenView> = {
  qr: { kind: 'qr', qr: whatsappQr(7, 90), phoneId: 12 },
  pairing: { kind: 'pairing', code: 'ABCD-EFGH', number: '905301234567', phoneId: 12 },
  active: ACTIVE,
  'active-empty': { kind: 'active', phoneId: 3, me: { name: '', number: '905301234567' }, chats: [] },
  'status-loading': { kind: 'status', status: 'loading', phoneId: 12 },
  'status-conn-retry': { kind: 'status', status: 'conn-retry', message: 'No internet: reconnecting...', phoneId: 12 },
  'status-phone-error': {
    kind: 'status',
    status: 'phone-error',
    message: 'Phone not connected. Check that the phone is online and WhatsApp is up to date.',
    phoneId: 12,
  },
  'status-idle': {
    kind: 'status',
    status: 'idle',
    message: 'The QR code timed out. Redeploy the phone to get a new one.',
    phoneId: 12,
  },
  'status-disabled': { kind: 'status', status: 'disabled', phoneId: 12 },
};

const rendered: Record<string, Uint8Array> = {};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [name, view] of Object.entries(VIEWS)) {
    rendered[name] = await renderScreen(view);
    writeFileSync(new URL(`screen-${name}.png`, SHOTS), rendered[name]!);
  }
  writeFileSync(new URL('screen-avatar.png', SHOTS), await renderAvatar('Ayşe Yılmaz', '905301234567'));
});

describe('renderScreen', () => {
  it('renders every view as a 960x600 PNG', () => {
    for (const png of Object.values(rendered)) {
      const img = decodePng(png);
      expect([img.width, img.height]).toEqual([SCREEN_WIDTH, SCREEN_HEIGHT]);
    }
  });

  it('draws the active view: green header, white chat list, grey panel, unread badges', () => {
    const img = decodePng(rendered.active!);
    expect(pixel(img, 500, 4)).toBe(COLORS.header);
    expect(pixel(img, 500, 60)).toBe(COLORS.header);
    expect(pixel(img, 900, 120)).toBe(COLORS.background);
    expect(pixel(img, 398, 300)).toBe(COLORS.panel);
    expect(countColor(img, COLORS.green, 300, 64, 400, 600)).toBeGreaterThan(300);
    expect(countColor(img, COLORS.unreadTime, 300, 64, 400, 600)).toBeGreaterThan(0);
  });

  it('shows an empty state instead of rows when there are no chats', () => {
    const img = decodePng(rendered['active-empty']!);
    expect(countColor(img, COLORS.green, 0, 64, 400, 600)).toBe(0);
    expect(countColor(img, COLORS.title, 0, 64, 400, 600)).toBeGreaterThan(0);
    expect(pixel(img, 200, 150)).toBe(COLORS.panel);
  });

  it('draws the band over the background on the linking and status screens', () => {
    for (const name of ['qr', 'pairing', 'status-loading']) {
      const img = decodePng(rendered[name]!);
      expect(pixel(img, 10, 10)).toBe(COLORS.band);
      expect(pixel(img, 10, 590)).toBe(COLORS.background);
      expect(pixel(img, 480, 300)).not.toBe(COLORS.band);
    }
  });

  it('colours the status icon by tone', () => {
    expect(pixel(decodePng(rendered['status-phone-error']!), 460, 190)).toBe(COLORS.danger);
    expect(pixel(decodePng(rendered['status-conn-retry']!), 460, 190)).toBe(COLORS.warning);
    expect(pixel(decodePng(rendered['status-disabled']!), 460, 190)).toBe(COLORS.idle);
  });

  it('renders every known status and an unknown one', async () => {
    for (const status of [...Object.keys(STATUS_COPY), 'something-new', '']) {
      const img = decodePng(await renderScreen({ kind: 'status', status, phoneId: 99999 }));
      expect(img.width).toBe(SCREEN_WIDTH);
    }
  });

  it.each([
    ['~150 characters', whatsappQr(1, 20)],
    ['~220 characters', whatsappQr(2, 90)],
    ['~250 characters', whatsappQr(3, 118)],
  ])('draws a QR code that scans back to the input (%s)', async (_, qr) => {
    const img = decodePng(await renderScreen({ kind: 'qr', qr, phoneId: 1 }));
    const found = jsQR(
      new Uint8ClampedArray(img.rgba.buffer, img.rgba.byteOffset, img.rgba.byteLength),
      img.width,
      img.height,
    );
    expect(found?.data).toBe(qr);
  });

  it('survives non-ASCII, emoji, empty and enormous input', async () => {
    const huge = 'Çok uzun bir isim 🎉 '.repeat(500);
    const views: ScreenView[] = [
      {
        kind: 'active',
        phoneId: 1,
        me: { name: huge, number: huge },
        chats: Array.from({ length: 50 }, (_, i) => ({ name: huge, last: huge, time: huge, unread: i * 1000 - 3 })),
      },
      { kind: 'active', phoneId: 1, me: { name: '', number: '' }, chats: [{ name: '', last: '', time: '' }] },
      { kind: 'pairing', code: '', number: '', phoneId: 1 },
      { kind: 'pairing', code: 'abcd-efgh-ijkl-mnop-qrst', number: huge, phoneId: 1 },
      { kind: 'status', status: huge, message: huge, phoneId: -1 },
      { kind: 'qr', qr: 'ş🎉', phoneId: 1 },
    ];
    for (const view of views) expect(decodePng(await renderScreen(view)).height).toBe(SCREEN_HEIGHT);
  });

  it('renders the active view within the time budget', async () => {
    const times: Record<string, number> = {};
    for (const [name, view] of Object.entries(VIEWS)) {
      await renderScreen(view);
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) {
        const start = performance.now();
        await renderScreen(view);
        runs.push(performance.now() - start);
      }
      times[name] = runs.sort((a, b) => a - b)[3]!;
    }
    console.log(
      'screen render, median ms:',
      Object.entries(times)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', '),
    );
    expect(times.active).toBeLessThan(50);
  });
});

describe('text', () => {
  it('folds Turkish and other accented letters to their base letter, anything else to ?', () => {
    expect(toFontText('çğıöşü ÇĞİÖŞÜ âéñ')).toBe('cgiosu CGIOSU aen');
    expect(toFontText('ok 👍🏽 ❤️ 👨‍👩‍👧 中 مرحبا')).toBe('ok ? ? ??? ? ?????');
    expect(toFontText('“quote” – ‘x’… €5')).toBe(`"quote" - 'x'... EUR5`);
    expect(toFontText('a\tb\nc')).toBe('a b c');
  });

  it('cuts text that is too wide with an ellipsis and keeps text that fits', () => {
    const long = 'Muhammed Ali Öztürkoğlu Çiçekçilik ve Süs Bitkileri Ltd. Şti.';
    const cut = fitText(long, 200, { scale: 1.5 });
    expect(cut.endsWith('...')).toBe(true);
    expect(measureText(cut, { scale: 1.5 })).toBeLessThanOrEqual(200);
    expect(cut.startsWith('Muhammed Ali')).toBe(true);
    expect(fitText('Zeynep', 200)).toBe('Zeynep');
    expect(measureText(fitText('x'.repeat(10_000), 120, { bold: true }), { bold: true })).toBeLessThanOrEqual(120);
  });

  it('wraps at spaces and ellipsises the last allowed line', () => {
    const lines = wrapText('one two three four five six seven eight nine ten', 60, {}, 2);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(measureText(line)).toBeLessThanOrEqual(60);
    expect(lines[1]!.endsWith('...')).toBe(true);
  });
});

describe('renderAvatar', () => {
  it('paints a square in the seed colour with the initials, the same for the same seed', async () => {
    const png = await renderAvatar('Zeynep Kaya', '905551112233');
    const img = decodePng(png);
    expect([img.width, img.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
    expect(pixel(img, 2, 2)).toBe(avatarColor('905551112233'));
    expect(countColor(img, COLORS.onHeader)).toBeGreaterThan(1000);
    expect(await renderAvatar('Zeynep Kaya', '905551112233')).toEqual(png);
    expect(initialsOf('Zeynep Kaya')).toBe('ZK');
    expect(initialsOf('ömer')).toBe('O');
  });

  it('honours the size and draws a silhouette for names without letters', async () => {
    const img = decodePng(await renderAvatar('+90 555 111 22 33', 'seed', 96));
    expect([img.width, img.height]).toEqual([96, 96]);
    expect(pixel(img, 2, 2)).toBe(COLORS.avatarBlank);
    expect(pixel(img, 48, 40)).toBe(COLORS.panel);
  });
});

describe('Worker safety', () => {
  it('bundles for the browser with no Node built-ins and no Buffer', async () => {
    const result = await build({
      entryPoints: [new URL('../../src/services/screen/render.ts', import.meta.url).pathname],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      conditions: ['workerd', 'worker', 'browser'],
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/["']node:/);
    expect(code).not.toMatch(/\bBuffer\b/);
    expect(code).not.toMatch(/pngjs|require\(["'](fs|zlib|path)["']\)/);
    console.log(`screen renderer bundle: ${(code.length / 1024).toFixed(1)} KiB`);

    // The bundle on its own (no node_modules beside it) still renders a readable PNG.
    const dir = mkdtempSync(join(tmpdir(), 'screen-bundle-'));
    try {
      writeFileSync(join(dir, 'render.mjs'), code);
      const bundled = (await import(
        pathToFileURL(join(dir, 'render.mjs')).href
      )) as typeof import('../../src/services/screen/render');
      const img = decodePng(await bundled.renderScreen({ kind: 'status', status: 'loading', phoneId: 1 }));
      expect(pixel(img, 10, 10)).toBe(COLORS.band);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
