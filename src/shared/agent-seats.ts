/**
 * The agent limit counts chat seats and the account owner holds one of them (2-phones §5: adding is
 * blocked when the limit is at most the current count plus one, the owner included). The server
 * enforces these; the console shows them.
 */
export const OWNER_SEAT = 1;

/** Where agents sign in: the agent app's login, not the console's. */
export const AGENT_LOGIN_PATH = '/live/login';

/** Whether one more agent fits: the owner, the registered agents and the new one within the limit. */
export function canAddAgent(limit: number, registered: number): boolean {
  return limit > registered + OWNER_SEAT;
}

/** Whether the agent at this age rank (0 = oldest) holds a chat seat; later agents are beyond the limit. */
export function holdsSeat(limit: number, rank: number): boolean {
  return rank + OWNER_SEAT < limit;
}
