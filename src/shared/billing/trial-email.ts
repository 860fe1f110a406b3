/**
 * The spam e-mail rule of the free trial (3-developer §5, §6): the welcome modal disables Start Trial
 * with it and `createFreeTrial` refuses with it, so both judge an address the same way.
 */

/** The spec names the rule but not its words; these are ours. */
export const TRIAL_SPAM_MSG =
  'The free trial is not available for this e-mail address. Please contact us to get started.';

const ADDRESS = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Two lowercase letters or digits, then at least 28 more letters or digits: the generated local parts. */
const GENERATED_LOCAL = /^[a-z0-9]{2}[A-Za-z0-9]{28,}/;

/** True when `email` looks spammy: not a valid address, or a local part that looks generated. */
export function spammyEmail(email: string): boolean {
  const address = email.trim();
  if (!ADDRESS.test(address)) return true;
  return GENERATED_LOCAL.test(address.slice(0, address.lastIndexOf('@')));
}
