import type { Config } from '../src/config';
import { findUserByEmail, registerUser } from '../src/services/auth/users';
import type { Db } from './client';

/** Creates the demo customer and the staff admin when they are missing; safe to run again. */
export async function seed(db: Db, config: Config, now: () => number = Date.now) {
  const ctx = { db, config, now };
  const created: string[] = [];
  if (!(await findUserByEmail(ctx, config.DEMO_EMAIL))) {
    await registerUser(ctx, { email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD, name: 'Demo Customer' });
    created.push(config.DEMO_EMAIL);
  }
  if (!(await findUserByEmail(ctx, config.ADMIN_EMAIL))) {
    await registerUser(ctx, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, name: 'Staff Admin', role: 'admin' });
    created.push(config.ADMIN_EMAIL);
  }
  return created;
}
