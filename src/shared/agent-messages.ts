/** The agents area's messages (2-phones §2.4, §8), word for word; the server and the console share them. */
export const AGENT_MSG = {
  noLimit: 'No Agent Limit',
  added: 'Agent successfully added.',
  updated: 'Agent successfully updeted.',
  deleted: 'Agent successfully deleted.',
  duplicate: 'This agent has been added.',
  error: 'Error',
  overLimit: 'For all agents can use chat, you must increase agent limit.',
  limitDialog: 'Your agents limit is not enough for add new agent.',
  /** Where the spec names a rule but not its words, these are ours. */
  ownerSeat: 'Your agent limit is 1, and that one seat is yours: you answer the live chat yourself.',
  addSeats: 'To add agents, buy the Agent add-on on the Subscription page: each one adds a seat.',
  notFound: 'Agent not found.',
  surnameRequired: 'Surname is required!',
  loginFailed: 'The e-mail or password is wrong.',
  unverified: 'Please confirm your e-mail with the link we sent you before signing in.',
  verifyInvalid: 'This agent link is invalid or has already been used.',
  verifyExpired: 'This agent link has expired. Ask the account owner to add you again.',
  verified: 'Your e-mail is confirmed. You can now sign in to the live chat.',
  notSignedIn: 'You are not signed in to the live chat.',
  logoutIsPost: 'Log out with POST /api/live/auth/logout.',
} as const;

/** Minimum agent password length (2-phones §5). */
export const AGENT_PASSWORD_MIN = 6;
