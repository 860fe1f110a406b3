import { AGENT_MSG, AGENT_PASSWORD_MIN } from '../../../src/shared/agent-messages';
import { MSG } from '../../lib/messages';
import type { Errors } from '../../lib/validation';
import type { AgentValues } from '../../stores/agents';

export type AgentFormMode = 'add' | 'update';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An agent password: required on add; on update and on the confirmation page only when typed. */
export function agentPasswordError(password: string, required: boolean): string | undefined {
  if (!password) return required ? MSG.passwordRequired : undefined;
  return password.length < AGENT_PASSWORD_MIN ? MSG.settingsPasswordMin : undefined;
}

/**
 * Checks the agents form with the server's rules and messages (2-phones §5): on add the e-mail and a
 * password of at least 6 characters; on update the name and surname, and a new password only when
 * one is typed.
 */
export function validateAgent(mode: AgentFormMode, v: AgentValues): Errors<keyof AgentValues> {
  const errors: Errors<keyof AgentValues> = {};
  const password = agentPasswordError(v.password, mode === 'add');
  if (password) errors.password = password;
  if (mode === 'add') {
    const email = v.email.trim();
    if (!email) errors.email = MSG.emailRequired;
    else if (!EMAIL.test(email)) errors.email = MSG.emailInvalid;
    return errors;
  }
  if (!v.name.trim()) errors.name = MSG.nameRequired;
  if (!v.surname.trim()) errors.surname = AGENT_MSG.surnameRequired;
  return errors;
}
