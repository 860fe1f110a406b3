/**
 * User-visible strings of the developer pages, the group pages and the phone detail page
 * (3-developer §2, §4, §5, §8; 2-phones §8). Strings the spec quotes are written exactly as it spells
 * them; the rest are ours and grouped below them.
 */
export const DEV_MSG = {
  copiedToClipboard: 'Copied to clipboard!',
  copied: 'Copied',
  noPhoneForPostman: (product: string) =>
    `You must have at least one phone id for using ${product} Documents. Are you sure download without phone id?`,
  addPhone: 'Add Phone',
  webhookEmpty: 'Webhook is empty! Please set the webhook.',
  webhookUnreachableWarning: 'If your webhook is unreachable, it will be automatically deleted by the system.',
  webhookWorked: 'Worked successfly. Please set the webhook like that!',
  clearQueueConfirm: 'Are you sure you want to delete the messages in the queue?',
  noMatchingResults: 'No matching results found.',
  noConnectedPhone: 'There is no connected phone.',
  bulkNoValidIds: 'No valid Phone IDs found in the first column of the CSV file.',
  bulkAllInvalid: (n: number) =>
    `No valid Phone IDs found. All ${n} IDs are invalid or don't exist in your phone list.`,
  bulkParseError: 'Error parsing file. Please check file format and try again.',
  bulkCleared: 'Successfully Cleared',
  bulkError: (message: string) => `Error: ${message}`,
  bulkUndefined: 'Undefined',
  groupConnectedTooltip: 'This is related to your connected number.',
  unexpectedError: 'An unexpected error occurred.',
  failedToLoadPhones: 'Failed to load phones.',
  selectPhoneForGroups: 'Please select a phone to view groups.',
  noPhonesAvailable: 'No phones available.',
  groupFetchFailed: 'Failed to fetch group information',
  groupFetchError: 'An error occurred while fetching data',
  groupFetchHint: 'Please try refreshing the page or check your connection.',
  phoneErrorTitle: 'An error occurred',
  phoneErrorText: 'Please make sure that this Phone ID is yours and that it is active.',
  goToHomepage: 'Go to Homepage',
  messagesLoadFailed: 'Failed to load messages. Please try again.',
  logoutFailed: 'An error occurred during logout. Please try again.',
  unsupportedMessage: (type: string) => `Unsupported message type: ${type}`,
  connected: 'Connected',
  disconnected: 'Disconnected',
  // Ours: the spec describes these without quoting them.
  webhookDefaultUnreachable: 'The webhook is not reachable. Check the URL and that your service is up, then try again.',
  webhookUnchanged: 'The webhook is unchanged.',
  webhookSaved: 'The webhook is saved.',
  webhookVerifyFirst: 'Verify the webhook first: saving is enabled after a successful test call.',
  liveChatNotice:
    'Your package includes live chat. Live chat receives your messages through its own webhook: set the default webhook to keep it working, or your own URL to handle messages in your code.',
  ownPhoneNotice: (id: string) =>
    `Make sure that Phone ID ${id} is your own: anyone with your token can send messages from it.`,
  emptyMessage: 'Write a message first.',
  noConversations: 'No conversations yet. Start one with a number above.',
  pickConversation: 'Choose a conversation, or start a new one with a number.',
} as const;
