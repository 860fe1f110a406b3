import { afterEach, beforeEach } from 'vitest';
import { grantStaff, type Grant } from '../../src/services/staff/grant';
import { Agent, registered } from './agent';
import { createTestApp, type TestApp } from './test-app';

/** Signs up `email` and gives them a staff role the way `npm run admin -- grant` does. */
export async function staffMember(t: TestApp, email: string, grant: Grant): Promise<Agent> {
  const { agent } = await registered(t, email);
  await grantStaff({ db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache }, null, email, grant);
  return agent;
}

/** The four callers of the back-office role matrix: an admin, a limited agent, a customer and a stranger. */
export async function staffTeam(t: TestApp) {
  return {
    admin: await staffMember(t, 'boss@example.com', 'admin'),
    limited: await staffMember(t, 'helper@example.com', 'limited'),
    customer: (await registered(t, 'buyer@example.com')).agent,
    anonymous: new Agent(t),
  };
}

/** A fresh test app and its admin (boss@example.com) for each test of the file (handed to `set`), closed after the test. */
export function eachAdminApp(set: (t: TestApp, admin: Agent) => void): void {
  let t: TestApp | undefined;
  beforeEach(async () => {
    t = await createTestApp();
    set(t, await staffMember(t, 'boss@example.com', 'admin'));
  });
  afterEach(() => t?.close());
}
