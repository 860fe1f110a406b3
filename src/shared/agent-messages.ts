/** The agents area's messages (2-phones §2.4, §8), word for word; the server and the console share them. */
export const AGENT_MSG = {
  noLimit: 'No Agent Limit',
  added: 'Agent successfully added.',
  updated: 'Agent successfully updeted.',
  deleted: 'Agent successfully deleted.',
  duplicate: 'This agent has been added.',
  error: 'Error',
  /** The owner, when more agents are registered than the limit has seats for. */
  overLimit:
    'You have more agents than seats, so some of them cannot use the live chat. Buy more seats on the Subscription page, or delete agents you no longer need.',
  /** An agent without a seat, in the live chat. */
  noSeat:
    'Your account has more agents than seats, so you cannot use the live chat for now. Ask the account owner to add a seat.',
  /** Handing a conversation to an agent without a seat. */
  targetNoSeat:
    'This agent cannot take conversations: the account has more agents than seats. Choose another agent, or ask the account owner to add a seat.',
  limitDialog: 'Every agent seat is taken, so you cannot add another agent yet.',
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
