import { createPublicKey, createVerify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Google endpoints the integrations call, answering with the shapes of
 * Google's API references: the OAuth 2.0 token endpoint (JWT bearer for service accounts, the
 * authorization code and refresh grants for users), Dialogflow ES `detectIntent`, Sheets
 * `spreadsheets.values.get` / `update`, and People `connections.list` / `createContact`.
 */

export interface FakePerson {
  resourceName: string;
  etag: string;
  names: { displayName: string; givenName: string; familyName: string }[];
  phoneNumbers: { value: string }[];
}

export interface FakeGoogle {
  url: string;
  /** Token grants answered, by grant type. */
  grants: Record<string, number>;
  /** detectIntent calls: project, session, text, language. */
  questions: { project: string; session: string; text: string; languageCode: string }[];
  /** The next detectIntent calls answer 503 while this is set. */
  dialogflowDown: boolean;
  sheets: Map<string, unknown[][]>;
  /** Writes to a sheet: its id, the range and the values. */
  writes: { id: string; range: string; values: unknown[][] }[];
  people: FakePerson[];
  close(): Promise<void>;
}

export const FAKE_AUTH_CODE = 'fake-google-code';
export const FAKE_REFRESH_TOKEN = 'fake-refresh-token-1';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function googleError(res: ServerResponse, code: number, status: string, message: string): void {
  send(res, code, { error: { code, message, status } });
}

/** Starts the fake on a random local port; `publicKeyPem` verifies the service accounts' signed assertions. */
export async function startFakeGoogle(publicKeyPem: string): Promise<FakeGoogle> {
  const fake = {
    grants: {} as Record<string, number>,
    questions: [] as FakeGoogle['questions'],
    dialogflowDown: false,
    sheets: new Map<string, unknown[][]>(),
    writes: [] as FakeGoogle['writes'],
    people: [] as FakePerson[],
  };
  let url = '';
  const userTokens = new Set<string>();
  const robotTokens = new Set<string>();
  let issued = 0;

  const token = (form: URLSearchParams, res: ServerResponse) => {
    const grant = form.get('grant_type') ?? '';
    fake.grants[grant] = (fake.grants[grant] ?? 0) + 1;
    if (grant === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      const [head, claims, signature] = (form.get('assertion') ?? '').split('.');
      const verifier = createVerify('RSA-SHA256').update(`${head}.${claims}`);
      const payload = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()) as { aud?: string; scope?: string };
      if (
        !signature ||
        !verifier.verify(createPublicKey(publicKeyPem), Buffer.from(signature, 'base64url')) ||
        payload.aud !== `${url}/token`
      ) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      const t = `ya29.robot-${++issued}`;
      robotTokens.add(t);
      return send(res, 200, { access_token: t, expires_in: 3599, token_type: 'Bearer' });
    }
    if (grant === 'authorization_code') {
      if (form.get('code') !== FAKE_AUTH_CODE || !form.get('code_verifier'))
        return send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      const t = `ya29.user-${++issued}`;
      userTokens.add(t);
      const idToken = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ iss: 'https://accounts.google.com', email: 'owner@example.com', name: 'Shop Owner', sub: '1001' })}.c2ln`;
      return send(res, 200, {
        access_token: t,
        expires_in: 3599,
        refresh_token: FAKE_REFRESH_TOKEN,
        scope: 'openid email profile',
        token_type: 'Bearer',
        id_token: idToken,
      });
    }
    if (grant === 'refresh_token' && form.get('refresh_token') === FAKE_REFRESH_TOKEN) {
      const t = `ya29.user-${++issued}`;
      userTokens.add(t);
      return send(res, 200, { access_token: t, expires_in: 3599, token_type: 'Bearer' });
    }
    return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const body = await readBody(req);
      if (req.method === 'POST' && path === '/token') return token(new URLSearchParams(body), res);
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
      if (detect) {
        if (!robotTokens.has(bearer))
          return googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
        if (fake.dialogflowDown) return googleError(res, 503, 'UNAVAILABLE', 'The service is currently unavailable.');
        const input = (JSON.parse(body) as { queryInput: { text: { text: string; languageCode: string } } }).queryInput
          .text;
        fake.questions.push({
          project: decodeURIComponent(detect[1]!),
          session: detect[2]!,
          text: input.text,
          languageCode: input.languageCode,
        });
        return send(res, 200, {
          responseId: `resp-${fake.questions.length}`,
          queryResult: {
            queryText: input.text,
            languageCode: input.languageCode,
            fulfillmentText: `You said: ${input.text}`,
            fulfillmentMessages: [{ text: { text: [`You said: ${input.text}`] } }],
            intent: { displayName: 'Default Fallback Intent' },
            intentDetectionConfidence: 1,
          },
        });
      }
      if (!userTokens.has(bearer))
        return googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      const values = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+)$/.exec(path);
      if (values) {
        const id = decodeURIComponent(values[1]!);
        const range = decodeURIComponent(values[2]!);
        const sheet = fake.sheets.get(id);
        if (!sheet) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
        if (req.method === 'GET')
          return send(res, 200, { range: `Sheet1!A1:G${sheet.length}`, majorDimension: 'ROWS', values: sheet });
        const update = JSON.parse(body) as { values: unknown[][] };
        fake.writes.push({ id, range, values: update.values });
        return send(res, 200, {
          spreadsheetId: id,
          updatedRange: `Sheet1!${range}`,
          updatedRows: update.values.length,
          updatedColumns: 1,
          updatedCells: update.values.length,
        });
      }
      if (req.method === 'GET' && path === '/v1/people/me/connections')
        return send(res, 200, {
          connections: fake.people,
          totalPeople: fake.people.length,
          totalItems: fake.people.length,
        });
      if (req.method === 'POST' && path === '/v1/people:createContact') {
        const person = JSON.parse(body) as {
          names: { givenName: string; familyName: string }[];
          phoneNumbers: { value: string }[];
        };
        const n = person.names[0]!;
        const created: FakePerson = {
          resourceName: `people/c${1000 + fake.people.length}`,
          etag: '%EgUBAi43PRoEAQIFByIMR0xHcnVx',
          names: [{ displayName: `${n.givenName} ${n.familyName}`, givenName: n.givenName, familyName: n.familyName }],
          phoneNumbers: person.phoneNumbers,
        };
        fake.people.push(created);
        return send(res, 200, created);
      }
      return googleError(res, 404, 'NOT_FOUND', `No fake for ${req.method} ${path}`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
