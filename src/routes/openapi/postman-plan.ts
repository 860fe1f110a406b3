/**
 * How the Postman collection runs top to bottom against a fresh product with one linked phone: the
 * values each request needs to work (numbers that exist by the simulator's rules, ids saved by
 * earlier requests, media on the server itself), the status each expects, and the calls that end the
 * session or delete things, which run last in their own folder.
 */

/** One request's plan, keyed by `METHOD /path` or, for examples, `METHOD /path#Example name`. */
export interface Step {
  /** The body to send instead of the example or the schema's sample. */
  body?: unknown;
  /** Query parameters to send (the others stay listed, disabled). */
  query?: Record<string, string>;
  /** Path parameters read from another variable: parameter → variable. */
  vars?: Record<string, string>;
  /** Statuses that pass; 200 when left out. */
  expect?: number[];
  /** Collection variables to save from the JSON answer: variable name → path such as `data.id`. */
  save?: Record<string, string>;
  /** A pre-request script (one of PRE_REQUEST) to run first. */
  pre?: keyof typeof PRE_REQUEST;
  /** A folder of its own instead of its tag's (see FOLDER_ORDER). */
  folder?: string;
  /** Place in the last folder, which ends the session and deletes things. */
  last?: number;
}

/** The last folder: calls that end the session or delete things. */
export const LAST_FOLDER = 'Ending the session and deleting (run last)';
/** The folder of webhook deliveries: after the messages that cause them. */
const DELIVERIES = 'Webhook Deliveries';

/** Folders in running order; tags not listed follow, and LAST_FOLDER closes. */
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
  instagram_id: '',
};

/** A 1×1 PNG: an image that needs no outside host. */
export const PNG_DATA_URI = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const TEXT_DATA_URI = 'data:text/plain;base64,SGVsbG8gZnJvbSB0aGUgQVBJIQ==';

/** Scripts that wait (with pm.sendRequest, the token as header) for what a request refers to. */
export const PRE_REQUEST = {
  /** The message saved as msg_id is sent and the contact's echo has arrived: saves it as incoming_id. */
  sentAndEchoed: `const url = pm.variables.replaceIn('{{baseUrl}}/api/{{product_id}}/{{phone_id}}/getConversations/{{conversation_id}}');
function poll(left) {
  pm.sendRequest({ url, header: { 'x-api-key': pm.variables.get('token') } }, (err, res) => {
    const messages = (!err && res.code === 200 && res.json().data.messages) || [];
    const mine = messages.find((m) => m.id === pm.collectionVariables.get('msg_id'));
    const echo = messages.filter((m) => !m.fromMe).pop();
    if (mine && mine.status === 'sent' && echo) return pm.collectionVariables.set('incoming_id', echo.id);
    if (left > 0) setTimeout(() => poll(left - 1), 250);
  });
}
poll(60);`,
  /** A webhook delivery exists: saves the first as delivery_id. */
  delivery: `const url = pm.variables.replaceIn('{{baseUrl}}/api/{{product_id}}/webhookDeliveries');
function poll(left) {
  pm.sendRequest({ url, header: { 'x-api-key': pm.variables.get('token') } }, (err, res) => {
    const list = (!err && res.code === 200 && res.json().list) || [];
    if (list.length) return pm.collectionVariables.set('delivery_id', String(list[0].id));
    if (left > 0) setTimeout(() => poll(left - 1), 250);
  });
}
poll(60);`,
  /** The phone has left its session after the logout. */
  loggedOut: `const url = pm.variables.replaceIn('{{baseUrl}}/api/{{product_id}}/{{phone_id}}/status');
function poll(left) {
  pm.sendRequest({ url, header: { 'x-api-key': pm.variables.get('token') } }, (err, res) => {
    if (!err && res.code === 200 && res.json().status.isQr) return;
    if (left > 0) setTimeout(() => poll(left - 1), 250);
  });
}
poll(60);`,
};

const SEND = 'POST /{phone_id}/sendMessage#';
const group = (extra: Record<string, unknown>) => ({ conversation_id: '{{group_id}}', ...extra });

/** The plan of every request that needs more than its example and a 200. */
export const STEPS: Record<string, Step> = {
  'GET /listPhones': { query: { config: 'true' } },
  'POST /addPhone': { body: {} },
  'GET /queues': { query: { number: 'true' } },
  'POST /setWebhook': { body: { webhook: '{{baseUrl}}/webhook' } },
  'POST /setAckPreference': { body: { ack_delivery: true } },
  'GET /webhookDeliveries': { folder: DELIVERIES },
  'POST /webhookDeliveries/{delivery_id}/redeliver': { folder: DELIVERIES, pre: 'delivery' },
  'GET /logs': { query: { page: '1', pageLimit: '50' } },
  'POST /{phone_id}/config': { body: { ack_delivery: true } },
  'POST /{phone_id}/setName': { body: { name: 'Sales' } },
  'GET /{phone_id}/getConversations/{conversation_id}': { query: { limit: '50' } },
  'GET /{phone_id}/checknumberstatus': { query: { number: '{{number}}@c.us' } },
  'GET /{phone_id}/getProfileImage': { query: { number: '905301234562@c.us' } },
  'POST /{phone_id}/createGroup': { body: { name: 'Sales team', numbers: ['{{number}}'] }, save: { group_id: 'data.id' } },
  'GET /{phone_id}/getGroups': { query: { page: '1' } },
  'GET /{phone_id}/getGroups/{conversation_id}': { vars: { conversation_id: 'group_id' }, query: { invite: 'true' } },
  'POST /{phone_id}/group/add': { body: group({ number: '{{member}}' }) },
  'POST /{phone_id}/group/promote': { body: group({ number: '{{member}}' }) },
  'POST /{phone_id}/group/demote': { body: group({ number: '{{member}}' }) },
  'POST /{phone_id}/group/config': { body: group({ config: { edit: 'admins', send: 'all', disappear: false } }) },
  'POST /{phone_id}/setProfileImage': { body: group({ image: PNG_DATA_URI }) },
  [`${SEND}Text Message`]: { save: { msg_id: 'data.msgId' } },
  [`${SEND}Media Message`]: { body: { to_number: '{{conversation_id}}', type: 'media', message: '{{baseUrl}}/api/openapi.json', text: 'Message Caption (optional)' } },
  [`${SEND}Media Message (base64)`]: { body: { to_number: '{{conversation_id}}', type: 'media', message: PNG_DATA_URI, text: 'Message Caption (optional)' } },
  [`${SEND}Media Message (Custom Name)`]: { body: { to_number: '{{conversation_id}}', type: 'media', message: TEXT_DATA_URI, filename: 'demo.txt' } },
  [`${SEND}File Message`]: { body: { to_number: '{{conversation_id}}', type: 'media', message: '{{baseUrl}}/api/openapi.json', filename: 'openapi.json', text: 'Message Caption (optional)' } },
  [`${SEND}Group Message`]: { body: { to_number: '{{group_id}}', type: 'text', message: 'Hello World!' } },
  [`${SEND}Group Mention Message`]: { body: { to_number: '{{group_id}}', type: 'text', message: 'Just put the number after a at symbol. Example: @{{number}} You can use multiple number.' } },
  [`${SEND}Forward Message`]: { pre: 'sentAndEchoed', body: { to_number: '{{conversation_id}}', type: 'forward', message: '{{incoming_id}}', forward_caption: true } },
  [`${SEND}Forward Message (Outgoing)`]: { pre: 'sentAndEchoed', body: { to_number: '{{conversation_id}}', type: 'forward', message: '{{msg_id}}', forward_caption: true } },
  [`${SEND}Reply Message`]: { pre: 'sentAndEchoed', body: { to_number: '{{conversation_id}}', type: 'text', message: 'Message Text', reply_to: '{{incoming_id}}' } },
  [`${SEND}Reply Message (Outgoing)`]: { pre: 'sentAndEchoed', body: { to_number: '{{conversation_id}}', type: 'text', message: 'Message Text', reply_to: '{{msg_id}}' } },
  [`${SEND}Reaction Message`]: { pre: 'sentAndEchoed', body: { to_number: '{{conversation_id}}', type: 'reaction', message: '😀', reply_to: '{{incoming_id}}' } },
  [`${SEND}Edit Message`]: { pre: 'sentAndEchoed', body: { to_number: '{{conversation_id}}', type: 'edit', message: 'Hello!!', reply_to: '{{msg_id}}' } },
  [`${SEND}Link Message`]: { body: { to_number: '{{conversation_id}}', type: 'link', message: '{{baseUrl}}/api/reference', text: 'WhatsApp API (optional)' } },
  [`${SEND}Delete Message`]: { last: 1, pre: 'sentAndEchoed', body: { to_number: '{{conversation_id}}', type: 'delete', message: '{{msg_id}}' } },
  // An account with the Instagram add-on: the account added here is the one logged in below.
  'POST /addInstagram': { save: { instagram_id: 'id' } },
  'POST /{phone_id}/login#login': { vars: { phone_id: 'instagram_id' } },
  'POST /{phone_id}/login#two-factor code': { vars: { phone_id: 'instagram_id' } },
  'GET /{phone_id}/purgeQueue': { last: 2 },
  'POST /{phone_id}/group/remove': { last: 3, body: group({ number: '{{member}}' }) },
  'POST /{phone_id}/leaveGroup': { last: 4, body: { id: '{{group_id}}' } },
  'GET /{phone_id}/clear': { last: 5 },
  'GET /{phone_id}/useOldVersion': { last: 6 },
  'GET /{phone_id}/redeploy': { last: 7 },
  'GET /{phone_id}/restart': { last: 8 },
  'POST /{phone_id}/mobileProxy': { last: 9, body: { mobile_proxy: true, proxy_region: 'SA' } },
  // Bulk controls are a per-account option: 403 where it is off.
  'POST /redeployAll': { last: 10, body: {}, expect: [200, 403] },
  'GET /{phone_id}/logout': { last: 11 },
  // A linked phone has no QR (409): it shows one after the logout.
  'GET /{phone_id}/qrData': { last: 12, pre: 'loggedOut' },
  'GET /{phone_id}/qrCode': { last: 13 },
  'GET /{phone_id}/connectWithPhoneNumber': { last: 14, query: { number: '{{number}}' } },
  'GET /{phone_id}/factoryreset': { last: 15 },
  'GET /{phone_id}/delete': { last: 16 },
  'GET /{phone_id}/enable': { last: 17 },
};
