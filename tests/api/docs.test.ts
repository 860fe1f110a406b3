import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendMessageSchema } from '../../src/shared/schemas/messaging/send';
import { expectError } from '../support/agent';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

const reference = JSON.parse(readFileSync('tests/fixtures/messaging-api-openapi.json', 'utf8'));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1, covers every non-deprecated path of the reference, and documents sendMessage with every example', async () => {
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.ApiKeyAuth).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    // The scheme a 401's WWW-Authenticate names (MCP clients send it): declared, so generated clients offer it.
    expect(doc.components.securitySchemes.BearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toContainEqual({ BearerAuth: [] });
    for (const [path, ops] of Object.entries<Record<string, { deprecated?: boolean }>>(reference.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.deprecated) continue;
        expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeTruthy();
      }
    }
    const send = doc.paths['/{phone_id}/sendMessage'].post;
    const examples = send.requestBody.content['application/json'].examples;
    const refExamples =
      reference.paths['/{phone_id}/sendMessage'].post.requestBody.content['application/json'].examples;
    for (const name of Object.keys(refExamples)) expect(examples[name], name).toBeTruthy();
    expect(
      send.requestBody.content['application/json'].schema.oneOf ??
        send.requestBody.content['application/json'].schema.anyOf,
    ).toBeTruthy();
    expect(doc.paths['/setWebhook'].post.callbacks.Events['Incoming Messages']).toBeTruthy();
    type Op = { responses: Record<string, unknown>; operationId: string; deprecated?: boolean };
    for (const ops of Object.values<Record<string, Op>>(doc.paths)) {
      // The reference's deprecated calls (backup, restore) are declared gone: 410 instead of 200.
      for (const op of Object.values(ops))
        expect(op.responses[op.deprecated ? '410' : '200'], op.operationId).toBeTruthy();
    }
  });

  it('validates the routes with the same schema it documents: every documented example is accepted by it', () => {
    const doc = {
      examples: reference.paths['/{phone_id}/sendMessage'].post.requestBody.content['application/json']
        .examples as Record<string, { value: unknown }>,
    };
    for (const [name, { value }] of Object.entries(doc.examples)) {
      const v = value as { message?: string };
      const fixed =
        typeof v.message === 'string' ? { ...v, message: v.message.replace('iVBORw0KG...', 'iVBORw0KGgo=') } : v;
      expect(sendMessageSchema.safeParse(fixed).success, name).toBe(true);
    }
  });

  it('serves the interactive reference page, loading Scalar from our own build', async () => {
    const res = await t.app.request('/api/reference');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/vendor/scalar/standalone.js');
    const script = await t.app.request('/api/reference.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('/api/openapi.json');
  });

  it('has no inline script and carries the CSP that forbids one; its script keeps Scalar from calling outside hosts', async () => {
    const res = await t.app.request('/api/reference');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attrs]) => /\bsrc="([^"]+)"/.exec(attrs!)?.[1])).toEqual([
      '/vendor/scalar/standalone.js',
      '/api/reference.js',
    ]);
    for (const [, , inner] of scripts) expect(inner!.trim()).toBe('');
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/https?:\/\//);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    const js = await (await t.app.request('/api/reference.js')).text();
    expect(js).toContain('withDefaultFonts: false');
    expect(js).toContain('telemetry: false');
    expect(js).toContain('hideClientButton: true');
    expect(js).toContain("showDeveloperTools: 'never'");
    expect(js).not.toContain('proxyUrl');
    expect(js).not.toMatch(/https?:\/\//);
  });
});

describe('Postman collection', () => {
  it('is generated from the document with the product id, token and phone id filled in, for the signed-in customer only', async () => {
    const { agent, pid, token } = await customer(t);
    const res = await agent.get('/api/wapi/postman?phone_id=42');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('postman_collection.json');
    const col = await res.json();
    expect(col.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    const vars = Object.fromEntries(col.variable.map((v: { key: string; value: string }) => [v.key, v.value]));
    expect(vars).toMatchObject({ product_id: pid, token, phone_id: '42' });
    const all = col.item.flatMap((f: { item: unknown[] }) => f.item) as {
      name: string;
      request: { url: { raw: string } };
    }[];
    expect(all.filter((i) => i.request.url.raw.endsWith('/sendMessage')).length).toBeGreaterThanOrEqual(24);
    expect(all.some((i) => i.request.url.raw === '{{baseUrl}}/api/{{product_id}}/{{phone_id}}/status')).toBe(true);
    await expectError(await t.app.request('/api/wapi/postman'), 401, 'UNAUTHORIZED');
    await expectError(await agent.get('/api/wapi/postman?phone_id=abc'), 422);
  });
});
