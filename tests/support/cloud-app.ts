import { hubSignature } from '../../src/services/cloud/signature';
import { FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, FAKE_WABA_ID, startFakeGraph, type FakeGraph } from './fake-graph';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/** The app secret Meta signs its webhook deliveries with, in the tests of official numbers. */
export const CLOUD_APP_SECRET = 'meta-app-secret-for-tests';

/** addPhone's body for the fake Graph API's official number. */
export const CLOUD_PHONE_BODY = {
  engine: 'cloud',
  phone_number_id: FAKE_PHONE_NUMBER_ID,
  waba_id: FAKE_WABA_ID,
  access_token: FAKE_TOKEN,
} as const;

export interface CloudApp {
  t: TestApp;
  graph: FakeGraph;
  /** Stops the app's runner and the fake. */
  close(): Promise<void>;
}

/** An app with its phones running whose Cloud API is a fake Graph API on loopback. */
export async function cloudApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<CloudApp> {
  const graph = await startFakeGraph();
  const t = await createTestApp(
    {
      SECRETS_KEY: 'test-secrets-key-0123456789-abcdefghij',
      WHATSAPP_CLOUD_API_URL: graph.url,
      WHATSAPP_CLOUD_APP_SECRET: CLOUD_APP_SECRET,
      ...env,
    },
    { phones: true, ...opts },
  );
  return {
    t,
    graph,
    async close() {
      await t.close();
      await graph.close();
    },
  };
}

/** POSTs `raw` to Meta's webhook route (`/api/cloud/webhook`), signed as Meta signs it. */
export async function deliverSigned(t: TestApp, raw: string): Promise<Response> {
  return t.app.request('/api/cloud/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': await hubSignature(CLOUD_APP_SECRET, raw) },
    body: raw,
  });
}
