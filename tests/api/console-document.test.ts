import { beforeEach, describe, expect, it } from 'vitest';
import { documentedPath } from '../../src/routes/openapi/console-document';
import { createTestApp, type TestApp } from '../support/test-app';

type Operation = {
  operationId: string;
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ SIMULATOR: 'true' });
});

describe('Console OpenAPI document', () => {
  it('is OpenAPI 3.1, generated from the declarations, and served without a login', async () => {
    const res = await t.app.request('/api/wapi/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const login = doc.paths['/api/auth/login'].post as Operation;
    const schema = login.requestBody!.content['application/json']!.schema;
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['username', 'password']));
    expect(schema.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(login.responses['200']).toBeTruthy();
    expect(login.responses['422']).toBeTruthy();
    expect(doc.paths['/api/wapi/product'].get.security).toEqual([{ SessionCookie: [] }]);
    expect(doc.paths['/api/auth/google/callback'].get.responses['302']).toBeTruthy();
    expect(doc.paths['/api/sim/avatar/{file}'].get).toBeTruthy();
    expect(doc.paths['/partner/{product_id}/{phoneId}/changeMod'].parameters[0].name).toBe('product_id');
    expect(doc.paths['/{page}'].get.responses['200'].content['text/html']).toBeTruthy();
    expect(doc.components.securitySchemes.SessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'wapi_session',
    });
    const ids = Object.values<Record<string, Operation>>(doc.paths).flatMap((ops) =>
      Object.values(ops)
        .filter((op) => typeof op === 'object' && 'responses' in op)
        .map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves the messaging document as it was', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(doc.paths['/api/auth/login']).toBeUndefined();
    expect(doc.info.title).toBe('Wapi WhatsApp API');
  });

  it('writes routing patterns as plain path parameters', () => {
    expect(documentedPath('/dev/mailbox/{id{[0-9]+}}')).toBe('/dev/mailbox/{id}');
    expect(documentedPath('/media/:id{[0-9a-f-]{36}}/:name?')).toBe('/media/{id}/{name}');
    expect(documentedPath('/api/sim/avatar/:file{[0-9]{6,15}\\.png}')).toBe('/api/sim/avatar/{file}');
    expect(documentedPath('/{page{.*}}')).toBe('/{page}');
    expect(documentedPath('/partner/{product_id}/addPhone')).toBe('/partner/{product_id}/addPhone');
  });
});
