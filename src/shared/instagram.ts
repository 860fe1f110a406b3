/** Texts of the Instagram accounts (3-developer §2.4, §5, §8), shared by the API and the console. */
export const INSTAGRAM_MSG = {
  limit: 'Your instagram limit is not enough for add new instagram account.',
  notInstagram: 'This phone is not an Instagram account.',
  unavailable: 'Instagram accounts are not available on this server.',
  closedBeta: 'Instagram Integration is in closed beta now',
  usernameRequired: 'Username is required.',
  passwordRequired: 'Password is required.',
  codeRequired: 'Enter the security code to log in.',
  codeAsked: 'Instagram sent a security code to this account. Enter it to finish logging in.',
  limitTitle: 'Instagram Limit',
  disableTitle: 'Disable Instagram account',
  disableQuestion:
    'Are you sure you want to disable this Instagram account? It stops sending and receiving messages until you enable it again.',
  empty: 'There is no Instagram account yet.',
} as const;
