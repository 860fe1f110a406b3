/**
 * The scripts of the Postman collection: the guards that skip a request the account cannot do (with
 * a note in the run), the waits before a request, and the tests after it.
 */

/** Names the collection gives what it adds for itself, so a later run finds and reuses them. */
export const TEST_PHONE_NAME = 'Postman test phone';
export const TEST_INSTAGRAM_NAME = 'Postman test account';
/**
 * The app's own default webhook, named with a query so it is not the default itself (which the server
 * never posts to, since live chat reads the message store): it answers 200, so the run's deliveries
 * are tried and succeed, and one can be redelivered.
 */
export const RUN_WEBHOOK = '{{baseUrl}}/api/live/webhook?run=postman';

/** A condition (JavaScript) under which the request is skipped, and the note the run shows for it. */
interface Guard {
  skipIf: string;
  note: string;
}
const unset = (name: string) => `!pm.collectionVariables.get('${name}')`;

const GUARDS = {
  /** The collection's own phone: added (or reused) at the start when the account has a free phone slot. */
  ownPhone: {
    skipIf: unset('test_phone_id'),
    note: 'the collection has no phone of its own on this account (no free phone slot, or a partner account), and calls that end a session or delete run only on that phone',
  },
  /** The collection's own Instagram account: added (or reused) when the account has room for one. */
  instagram: {
    skipIf: unset('instagram_id'),
    note: 'the collection has no Instagram account of its own here (no room under the instagram limit, or a partner account), so there is none to act on',
  },
  /** A partner account cannot delete what it adds through the API, so the collection adds nothing there. */
  partner: {
    skipIf: `pm.collectionVariables.get('is_partner') !== 'false'`,
    note: 'a partner account cannot delete phones or Instagram accounts through the API (or the account was not read at the start), so the collection adds none of its own',
  },
  /** Reuses the phone an earlier run added instead of adding another. */
  noOwnPhoneYet: {
    skipIf: `!${unset('test_phone_id')}`,
    note: 'the collection reuses phone {{test_phone_id}}, which an earlier run added for itself',
  },
  noInstagramYet: {
    skipIf: `!${unset('instagram_id')}`,
    note: 'the collection reuses Instagram account {{instagram_id}}, which an earlier run added for itself',
  },
  /** The sandbox phone is added for good (one per account): only an account that has one already gets the call (409). */
  hasSandbox: {
    skipIf: `pm.collectionVariables.get('has_sandbox') !== 'true'`,
    note: "it adds this account's one free sandbox phone for good; send it by hand when you want the sandbox phone",
  },
  /** Changing a setting needs it saved first, to restore it at the end. */
  saved: {
    skipIf: unset('settings_saved'),
    note: "the product's settings were not read at the start, so they are neither changed nor restored",
  },
  savedPhone: {
    skipIf: unset('saved_phone_ack'),
    note: "the phone's settings were not read at the start, so they are neither changed nor restored",
  },
} satisfies Record<string, Guard>;
export type GuardName = keyof typeof GUARDS;

/** Skips the request with a passing test that carries the note, so the run shows why. */
const SKIP = `function skip(why) {
  pm.test('skipped: ' + why, () => {});
  console.log('skipped ' + pm.info.requestName + ': ' + why);
  pm.execution.skipRequest();
}`;

/** Polls a GET of the API (the token as header) until `done` says so; `skip` when it never does. */
const POLL = `function poll(path, done, left, gaveUp) {
  pm.sendRequest({ url: pm.variables.replaceIn('{{baseUrl}}/api/{{product_id}}' + path), header: { 'x-api-key': pm.variables.get('token') } }, (err, res) => {
    if (!err && res.code === 200 && done(res.json())) return;
    if (left > 0) return setTimeout(() => poll(path, done, left - 1, gaveUp), 250);
    if (gaveUp) gaveUp();
  });
}`;

/** Scripts that wait (with pm.sendRequest) for what a request refers to. */
const WAITS = {
  /** The message saved as msg_id is sent and the contact's echo has arrived: saves it as incoming_id. */
  sentAndEchoed: `poll('/{{phone_id}}/getConversations/{{conversation_id}}', (j) => {
  const messages = (j.data && j.data.messages) || [];
  const mine = messages.find((m) => m.id === pm.collectionVariables.get('msg_id'));
  const echo = messages.filter((m) => !m.fromMe).pop();
  if (mine && mine.status === 'sent' && echo) return pm.collectionVariables.set('incoming_id', echo.id), true;
}, 60);`,
  /** A delivery of this run (to the run's webhook) exists: saves it as delivery_id. */
  delivery: `const target = pm.variables.replaceIn('${RUN_WEBHOOK}');
poll('/webhookDeliveries', (j) => {
  const mine = (j.list || []).find((d) => d.url === target);
  if (mine) return pm.collectionVariables.set('delivery_id', String(mine.id)), true;
}, 60, () => skip('no webhook delivery of this run arrived to redeliver'));`,
  /** The collection's own phone has left its session after the logout and shows a QR. */
  loggedOut: `poll('/{{test_phone_id}}/status', (j) => j.status.isQr, 60);`,
};
export type WaitName = keyof typeof WAITS;

/** The pre-request script: the guard first (skip with a note), then the wait. */
export function preRequestScript(
  guard: GuardName | GuardName[] | undefined,
  wait: WaitName | undefined,
): string | undefined {
  const guards = guard === undefined ? [] : [guard].flat();
  if (!guards.length && !wait) return undefined;
  const checks = guards.map((name, i) => {
    const g: Guard = GUARDS[name];
    return `${i ? 'else ' : ''}if (${g.skipIf}) skip(pm.variables.replaceIn(${JSON.stringify(g.note)}));`;
  });
  const body = wait ? WAITS[wait] : '';
  const rest = body && checks.length ? [`else {\n${body}\n}`] : body ? [body] : [];
  return [SKIP, POLL, ...checks, ...rest].join('\n');
}

/** What a request's tests check and keep. */
export interface Expectation {
  /** Statuses that pass; 200 when left out. */
  expect?: number[];
  /** 403 is the documented limit answer (PHONE_LIMIT): it passes, and these variables are cleared. */
  limit?: string[];
  /** Collection variables to save from a 200's JSON answer: variable name → path such as `data.id`. */
  save?: Record<string, string>;
  /** More test lines (JavaScript with `pm`). */
  tests?: string[];
}

/** The request's tests: the expected status, the limit answer, then the variables it saves for later requests. */
export function testScript(e: Expectation): string[] {
  const expected = [...(e.expect ?? [200]), ...(e.limit ? [403] : [])];
  const lines = [
    `pm.test('answers ${expected.join(' or ')}', () => pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(expected)}));`,
  ];
  if (e.limit) {
    lines.push(
      `if (pm.response.code === 403) {`,
      `  pm.test('403 is the limit answer (PHONE_LIMIT): no room on this account', () => pm.expect(pm.response.json().error.code).to.equal('PHONE_LIMIT'));`,
      ...e.limit.map((name) => `  pm.collectionVariables.set('${name}', '');`),
      `}`,
    );
  }
  for (const [name, at] of Object.entries(e.save ?? {})) {
    const read = `pm.response.json()${at
      .split('.')
      .map((k) => `[${JSON.stringify(k)}]`)
      .join('')}`;
    lines.push(
      `if (pm.response.code === 200) pm.test('gives ${name}', () => { const v = ${read}; pm.expect(typeof v === 'number' || (typeof v === 'string' && v.length > 0)).to.equal(true); pm.collectionVariables.set('${name}', String(v)); });`,
    );
  }
  return [...lines, ...(e.tests ?? [])];
}

/** GET /product at the start: keeps the product's webhook and ack preference to restore at the end, and whether it is a partner's. */
export const SAVE_PRODUCT = [
  `pm.collectionVariables.set('settings_saved', '');`,
  `pm.collectionVariables.set('is_partner', '');`,
  `pm.test('saves the product webhook and ack preference to restore at the end', () => {`,
  `  const j = pm.response.json();`,
  `  pm.expect(j.webhook).to.be.a('string');`,
  `  pm.collectionVariables.set('saved_webhook', j.webhook);`,
  `  pm.collectionVariables.set('saved_ack', JSON.stringify(Boolean(j.ack_delivery)));`,
  `  pm.collectionVariables.set('is_partner', JSON.stringify(Boolean(j.partner)));`,
  `  pm.collectionVariables.set('settings_saved', 'true');`,
  `});`,
];

/** GET /optouts/settings at the start: keeps the product's opt-out words to restore at the end. */
export const SAVE_OPTOUT_WORDS = [
  `pm.test('saves the opt-out words to restore at the end', () => {`,
  `  const j = pm.response.json();`,
  `  pm.expect(j.words).to.be.an('array');`,
  `  pm.collectionVariables.set('saved_optout_words', JSON.stringify(j.words));`,
  `});`,
];

/**
 * GET /listPhones at the start: keeps the phone's name and own ack preference, finds what an earlier run
 * added for itself (by name) to reuse it, and whether the account has its sandbox phone.
 */
export const SAVE_PHONES = [
  `const phones = pm.response.json();`,
  `const own = (type, name) => phones.find((p) => p.type === type && p.name === name && String(p.id) !== pm.collectionVariables.get('phone_id'));`,
  `pm.collectionVariables.set('test_phone_id', String((own('whatsapp', ${JSON.stringify(TEST_PHONE_NAME)}) || { id: '' }).id));`,
  `pm.collectionVariables.set('instagram_id', String((own('instagram', ${JSON.stringify(TEST_INSTAGRAM_NAME)}) || { id: '' }).id));`,
  `pm.collectionVariables.set('has_sandbox', String(phones.some((p) => p.data.sandbox)));`,
  `pm.collectionVariables.set('saved_phone_ack', '');`,
  `pm.collectionVariables.set('saved_phone_name', '');`,
  `pm.test('saves the phone\\'s name and own ack preference to restore at the end', () => {`,
  `  const mine = phones.find((p) => String(p.id) === pm.collectionVariables.get('phone_id'));`,
  `  pm.expect(mine, 'phone ' + pm.collectionVariables.get('phone_id')).to.be.an('object');`,
  `  pm.collectionVariables.set('saved_phone_name', JSON.stringify(mine.name));`,
  `  pm.collectionVariables.set('saved_phone_ack', JSON.stringify(mine.config.ack_delivery));`,
  `});`,
];
