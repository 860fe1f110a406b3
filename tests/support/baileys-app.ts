import { afterAll, beforeAll, vi } from 'vitest';
import { createBaileysEngine } from '../../src/engines/baileys/engine';
import { NO_PACING } from '../../src/engines/types';
import { FakeWhatsApp } from './fake-wa/server';
import { createTestApp, type TestApp } from './test-app';

/**
 * Before the file's tests: a local fake WhatsApp server and a test app whose phones run Baileys
 * against it (handed to `set`); both closed after the tests.
 */
export function baileysApp(set: (app: { wa: FakeWhatsApp; t: TestApp }) => void): void {
  let app: { wa: FakeWhatsApp; t: TestApp } | undefined;
  beforeAll(async () => {
    const wa = await FakeWhatsApp.start();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    // The engine carries its pacing (the entries take it from WA_PACING_MS): none here, the tests send at once.
    const baileys = createBaileysEngine({
      waWebSocketUrl: wa.url,
      connectTimeoutMs: 3_000,
      defaultQueryTimeoutMs: 3_000,
      reconnectDelayMs: { first: 50, max: 200 },
      logLevel: 'silent',
      pacing: NO_PACING,
    });
    app = { wa, t: await createTestApp({ WA_ENGINE: 'baileys' }, { phones: true, engines: { baileys } }) };
    set(app);
  });
  afterAll(async () => {
    await app?.t.close();
    await app?.wa.close();
    vi.restoreAllMocks();
  });
}
