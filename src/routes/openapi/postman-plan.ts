/**
 * How the Postman collection runs top to bottom against any product with a linked phone, and leaves
 * it as it found it: the first folder saves the product's webhook and ack preference and the phone's
 * own ack preference, and adds (or reuses) a phone of the collection's own; everything that ends a
 * session or deletes acts on that phone and runs last, and the last requests delete it and restore
 * what was saved. Requests the account cannot do (no free phone slot, no Instagram limit) are
 * skipped with a note in the run, or assert the limit answer. Also: the values each request needs
 * (numbers that exist by the simulator's rules, ids saved by earlier requests, media on the server
 * itself) and the status each expects.
 */
import {
  RUN_WEBHOOK,
  SAVE_OPTOUT_WORDS,
  SAVE_PHONES,
  SAVE_PRODUCT,
  TEST_INSTAGRAM_NAME,
  TEST_PHONE_NAME,
  type Expectation,
  type GuardName,
  type WaitName,
} from './postman-scripts';

/** One request's plan, keyed by `METHOD /path` or, for examples, `METHOD /path#Example name`. */
export interface Step extends Expectation {
  /** The body to send instead of the example or the schema's sample. */
  body?: unknown;
  /** The raw body (for variables that are not strings, such as `{{saved_ack}}`). */
  raw?: string;
  /** Query parameters to send (the others stay listed, disabled). */
  query?: Record<string, string>;
  /** Path parameters read from another variable: parameter → variable. */
  vars?: Record<string, string>;
  /** Skip the request (with a note in the run) when the account lacks what it needs. */
  guard?: GuardName | GuardName[];
  /** A pre-request script that waits for what the request refers to. */
  wait?: WaitName;
  /** A folder of its own instead of its tag's (see FOLDER_ORDER). */
  folder?: string;
  /** Place in the first folder, which saves the account's settings and adds the collection's phone. */
  first?: number;
  /** Place in the last folder, which ends the session, deletes and restores. */
  last?: number;
}

/** The first folder: reads what the run will restore and adds the collection's own phone. */
export const FIRST_FOLDER = "Before the run: save the settings, add the collection's own phone and Instagram account";
/** The last folder: calls that end the session or delete things, then the restores. */
export const LAST_FOLDER = 'Ending the session and deleting (run last)';
/** The folder of webhook deliveries: after the messages that cause them. */
const DELIVERIES = 'Webhook Deliveries';

/** Folders in running order after FIRST_FOLDER; tags not listed follow, and LAST_FOLDER closes. */
export const FOLDER_ORDER = [
  'Account Information Retrieval',
  'Session Information Getters',
  'Number and Safety Checks',
  'Session Controlling Operations',
  'Group Chat Operations',
  'Message Sending Operations',
  'Queue Operations',
  DELIVERIES,
];

/** Variables the collection starts with besides the product's; ids are saved by the requests that make them. */
export const START_VARIABLES = {
  conversation_id: '905301234567@c.us',
  number: '905301234567',
  member: '905301234563',
  group_id: '',
  msg_id: '',
  incoming_id: '',
  delivery_id: '',
  campaign_id: '',
  test_phone_id: '',
  instagram_id: '',
  has_sandbox: '',
  settings_saved: '',
  saved_webhook: '',
  saved_ack: '',
  saved_phone_ack: '',
  saved_phone_name: '',
  saved_optout_words: '[]',
  is_partner: '',
  /** An official number's ids and token from Meta's WhatsApp Manager, for "addPhone – an official number (Cloud API)". */
  cloud_phone_number_id: '',
  cloud_waba_id: '',
  cloud_access_token: '',
};

/** A 1×1 PNG: an image that needs no outside host. */
const PNG_DATA_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const TEXT_DATA_URI = 'data:text/plain;base64,SGVsbG8gZnJvbSB0aGUgQVBJIQ==';

/** On the collection's own phone, skipped when the account has no room for one. */
const OWN = { vars: { phone_id: 'test_phone_id' }, guard: 'ownPhone' } as const;
/** On the collection's own Instagram account. */
const INSTAGRAM = { vars: { phone_id: 'instagram_id' }, guard: 'instagram' } as const;

const SEND = 'POST /{phone_id}/sendMessage#';
const group = (extra: Record<string, unknown>) => ({ conversation_id: '{{group_id}}', ...extra });

/** The plan of every request that needs more than its example and a 200. */
export const STEPS: Record<string, Step> = {
  'GET /product': { first: 1, tests: SAVE_PRODUCT },
  'GET /listPhones': { first: 2, query: { config: 'true' }, tests: SAVE_PHONES },
  'GET /optouts/settings': { first: 2.5, tests: SAVE_OPTOUT_WORDS },
  // The collection's number goes on the opt-out list and comes off it at the end.
  'POST /optouts': { body: { numbers: ['{{number}}'] } },
  'DELETE /optouts/{number}': { last: 17.5 },
  // A campaign scheduled far ahead, paused, resumed (scheduled again) and cancelled: nothing is sent.
  'POST /campaigns#text': {
    body: {
      name: 'Postman test campaign',
      phone_ids: ['{{phone_id}}'],
      message: { type: 'text', message: 'Hello {{name}}' },
      recipients: [{ number: '{{number}}', variables: { name: 'Postman' } }],
      schedule_at: '2099-01-01T00:00:00Z',
    },
    save: { campaign_id: 'data.id' },
  },
  // The file is a form upload; without one the answer names the missing field.
  'POST /campaigns/preview-file': { expect: [415, 422] },
  'GET /campaigns/{id}': { vars: { id: 'campaign_id' } },
  'POST /campaigns/{id}/pause': { vars: { id: 'campaign_id' } },
  'POST /campaigns/{id}/resume': { vars: { id: 'campaign_id' } },
  'POST /campaigns/{id}/cancel': { vars: { id: 'campaign_id' } },
  'GET /campaigns/{id}/recipients': { vars: { id: 'campaign_id' } },
  'GET /campaigns/{id}/recipients.csv': { vars: { id: 'campaign_id' } },
  // The collection's own phone: added where the account has a free slot (else the limit answer), or the one an earlier run left.
  'POST /setWebhook': { first: 3, guard: 'saved', body: { webhook: RUN_WEBHOOK } },
  'POST /addPhone': {
    first: 4,
    body: {},
    guard: ['partner', 'noOwnPhoneYet'],
    limit: ['test_phone_id'],
    save: { test_phone_id: 'id' },
  },
  'GET /{phone_id}/enable': { first: 5, ...OWN, limit: ['test_phone_id'] },
  'GET /addSandbox': { guard: 'hasSandbox', expect: [409] },
  'GET /queues': { query: { number: 'true' } },
  'POST /setAckPreference': { guard: 'saved', body: { ack_delivery: true } },
  'GET /webhookDeliveries': { folder: DELIVERIES },
  'POST /webhookDeliveries/{delivery_id}/redeliver': { folder: DELIVERIES, wait: 'delivery' },
  'GET /logs': { query: { page: '1', pageLimit: '50' } },
  'POST /{phone_id}/config': { guard: 'savedPhone', body: { ack_delivery: true } },
  // The customer's phone is renamed for the run and gets its name back at the end.
  'POST /{phone_id}/setName': { guard: 'savedPhone', body: { name: 'Sales' } },
  'GET /{phone_id}/getConversations/{conversation_id}': { query: { limit: '50' } },
  'GET /{phone_id}/checknumberstatus': { query: { number: '{{number}}@c.us' } },
  'GET /{phone_id}/searchMessages': { query: { query: 'hello', limit: '10' } },
  // The reference's deprecated calls: gone (Multi-Device does not support them).
  'GET /{phone_id}/backup': { expect: [410] },
  'POST /{phone_id}/restore': { expect: [410] },
  // The MCP endpoint: one JSON-RPC call (stateless, no initialize needed), the tools it offers.
  'POST /mcp': { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
  'GET /{phone_id}/getProfileImage': { query: { number: '905301234562@c.us' } },
  'POST /{phone_id}/createGroup': {
    body: { name: 'Sales team', numbers: ['{{number}}'] },
    save: { group_id: 'data.id' },
  },
  'GET /{phone_id}/getGroups': { query: { page: '1' } },
  'GET /{phone_id}/getGroups/{conversation_id}': { vars: { conversation_id: 'group_id' }, query: { invite: 'true' } },
  'POST /{phone_id}/group/add': { body: group({ number: '{{member}}' }) },
  'POST /{phone_id}/group/promote': { body: group({ number: '{{member}}' }) },
  'POST /{phone_id}/group/demote': { body: group({ number: '{{member}}' }) },
  'POST /{phone_id}/group/config': { body: group({ config: { edit: 'admins', send: 'all', disappear: false } }) },
  'POST /{phone_id}/setProfileImage': { body: group({ image: PNG_DATA_URI }) },
  [`${SEND}Text Message`]: { save: { msg_id: 'data.msgId' } },
  [`${SEND}Media Message`]: {
    body: {
      to_number: '{{conversation_id}}',
      type: 'media',
      message: '{{baseUrl}}/api/openapi.json',
      text: 'Message Caption (optional)',
    },
  },
  [`${SEND}Media Message (base64)`]: {
    body: {
      to_number: '{{conversation_id}}',
      type: 'media',
      message: PNG_DATA_URI,
      text: 'Message Caption (optional)',
    },
  },
  [`${SEND}Media Message (Custom Name)`]: {
    body: { to_number: '{{conversation_id}}', type: 'media', message: TEXT_DATA_URI, filename: 'demo.txt' },
  },
  [`${SEND}File Message`]: {
    body: {
      to_number: '{{conversation_id}}',
      type: 'media',
      message: '{{baseUrl}}/api/openapi.json',
      filename: 'openapi.json',
      text: 'Message Caption (optional)',
    },
  },
  [`${SEND}Group Message`]: { body: { to_number: '{{group_id}}', type: 'text', message: 'Hello World!' } },
  [`${SEND}Group Mention Message`]: {
    body: {
      to_number: '{{group_id}}',
      type: 'text',
      message: 'Just put the number after a at symbol. Example: @{{number}} You can use multiple number.',
    },
  },
  [`${SEND}Forward Message`]: {
    wait: 'sentAndEchoed',
    body: { to_number: '{{conversation_id}}', type: 'forward', message: '{{incoming_id}}', forward_caption: true },
  },
  [`${SEND}Forward Message (Outgoing)`]: {
    wait: 'sentAndEchoed',
    body: { to_number: '{{conversation_id}}', type: 'forward', message: '{{msg_id}}', forward_caption: true },
  },
  [`${SEND}Reply Message`]: {
    wait: 'sentAndEchoed',
    body: { to_number: '{{conversation_id}}', type: 'text', message: 'Message Text', reply_to: '{{incoming_id}}' },
  },
  [`${SEND}Reply Message (Outgoing)`]: {
    wait: 'sentAndEchoed',
    body: {
      to_number: '{{conversation_id}}',
      type: 'text',
      message: 'Message Text (a reply to your own message)',
      reply_to: '{{msg_id}}',
    },
  },
  [`${SEND}Reaction Message`]: {
    wait: 'sentAndEchoed',
    body: { to_number: '{{conversation_id}}', type: 'reaction', message: '😀', reply_to: '{{incoming_id}}' },
  },
  [`${SEND}Edit Message`]: {
    wait: 'sentAndEchoed',
    body: { to_number: '{{conversation_id}}', type: 'edit', message: 'Hello!!', reply_to: '{{msg_id}}' },
  },
  // Templates are for official numbers (engine cloud): a linked phone answers 422 (UNSUPPORTED).
  [`${SEND}Template Message`]: {
    body: { to_number: '{{conversation_id}}', type: 'template', template: { name: 'hello_world', language: 'en_US' } },
    expect: [200, 422],
  },
  // Lists too (official numbers only).
  [`${SEND}List Message`]: {
    body: {
      to_number: '{{conversation_id}}',
      type: 'list',
      message: 'Pick a delivery slot',
      button: 'Slots',
      sections: [{ title: 'Tomorrow', rows: [{ id: 'slot-am', title: 'Morning' }] }],
    },
    expect: [200, 422],
  },
  // An official number's approved templates: a linked phone answers 409 (official numbers only).
  'GET /{phone_id}/templates': { expect: [200, 409] },
  [`${SEND}Link Message`]: {
    body: {
      to_number: '{{conversation_id}}',
      type: 'link',
      message: '{{baseUrl}}/api/reference',
      text: 'WhatsApp API (optional)',
    },
  },
  // The collection's own Instagram account: added where the account has room for one (else the limit answer), or the one an earlier run left.
  'POST /addInstagram': {
    first: 7,
    guard: ['partner', 'noInstagramYet'],
    limit: ['instagram_id'],
    save: { instagram_id: 'id' },
  },
  'POST /{phone_id}/login#login': { ...INSTAGRAM },
  'POST /{phone_id}/login#two-factor code': { ...INSTAGRAM },
  // Last, on the customer's phone: what the run itself sent and made goes away.
  [`${SEND}Delete Message`]: {
    last: 1,
    wait: 'sentAndEchoed',
    body: { to_number: '{{conversation_id}}', type: 'delete', message: '{{msg_id}}' },
  },
  'POST /{phone_id}/group/remove': { last: 2, body: group({ number: '{{member}}' }) },
  'POST /{phone_id}/leaveGroup': { last: 3, body: { id: '{{group_id}}' } },
  // Last, on the collection's own phone: everything that ends a session, drops data or changes the phone.
  'GET /{phone_id}/purgeQueue': { last: 4, ...OWN },
  'GET /{phone_id}/clear': { last: 5, ...OWN },
  'GET /{phone_id}/useOldVersion': { last: 6, ...OWN },
  'GET /{phone_id}/redeploy': { last: 7, ...OWN },
  'GET /{phone_id}/restart': { last: 8, ...OWN },
  // A server with no mobile proxy for the region answers 501 (NOT_CONFIGURED).
  'POST /{phone_id}/mobileProxy': {
    last: 9,
    ...OWN,
    body: { mobile_proxy: true, proxy_region: 'SA' },
    expect: [200, 501],
  },
  // Bulk controls are a per-account option: 403 where it is off. Only the collection's phone is named.
  'POST /redeployAll': {
    last: 10,
    guard: 'ownPhone',
    raw: '{\n  "phones": [{{test_phone_id}}]\n}',
    expect: [200, 403],
  },
  'GET /{phone_id}/logout': { last: 11, ...OWN },
  // A linked phone has no QR (409): it shows one after the logout.
  'GET /{phone_id}/qrData': { last: 12, ...OWN, wait: 'loggedOut' },
  'GET /{phone_id}/qrCode': { last: 13, ...OWN },
  'GET /{phone_id}/connectWithPhoneNumber': { last: 14, ...OWN, query: { number: '{{number}}' } },
  'GET /{phone_id}/factoryreset': { last: 15, ...OWN },
  'GET /{phone_id}/delete': { last: 17, ...OWN },
};

/** Requests beyond one per operation: the same operation again, on another target or restoring a saved value. */
export const EXTRAS: { op: string; name: string; step: Step }[] = [
  {
    op: 'POST /{phone_id}/setName',
    name: "setName – the collection's phone",
    step: { first: 6, ...OWN, body: { name: TEST_PHONE_NAME } },
  },
  {
    op: 'GET /{phone_id}/enable',
    name: "enable – the collection's Instagram account",
    step: { first: 8, ...INSTAGRAM, limit: ['instagram_id'] },
  },
  {
    op: 'POST /{phone_id}/setName',
    name: "setName – the collection's Instagram account",
    step: { first: 9, ...INSTAGRAM, body: { name: TEST_INSTAGRAM_NAME } },
  },
  {
    op: 'POST /{phone_id}/mobileProxy',
    name: 'mobileProxy – off again',
    step: { last: 9.5, ...OWN, body: { mobile_proxy: false } },
  },
  {
    op: 'GET /{phone_id}/delete',
    name: "delete – the collection's Instagram account",
    step: { last: 16, ...INSTAGRAM },
  },
  {
    op: 'POST /{phone_id}/config',
    name: "config – restore the phone's ack preference",
    step: { last: 18, guard: 'savedPhone', raw: '{\n  "ack_delivery": {{saved_phone_ack}}\n}' },
  },
  {
    op: 'POST /{phone_id}/setName',
    name: "setName – restore the phone's name",
    step: { last: 18, guard: 'savedPhone', raw: '{\n  "name": {{saved_phone_name}}\n}' },
  },
  {
    op: 'POST /optouts/settings',
    name: 'optouts/settings – restore the words',
    step: { last: 17.5, raw: '{\n  "words": {{saved_optout_words}}\n}' },
  },
  {
    op: 'POST /setAckPreference',
    name: 'setAckPreference – restore',
    step: { last: 19, guard: 'saved', raw: '{\n  "ack_delivery": {{saved_ack}}\n}' },
  },
  // Fill cloud_phone_number_id, cloud_waba_id and cloud_access_token to add an official number; empty, it answers 422.
  {
    op: 'POST /addPhone',
    name: 'addPhone – an official number (Cloud API)',
    step: {
      first: 4.5,
      guard: 'partner',
      body: {
        engine: 'cloud',
        phone_number_id: '{{cloud_phone_number_id}}',
        waba_id: '{{cloud_waba_id}}',
        access_token: '{{cloud_access_token}}',
      },
      expect: [200, 403, 409, 422, 501],
    },
  },
  {
    op: 'POST /setWebhook',
    name: 'setWebhook – restore',
    step: { last: 20, guard: 'saved', body: { webhook: '{{saved_webhook}}' } },
  },
];
