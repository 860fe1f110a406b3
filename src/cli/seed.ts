import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { LINK_KEY } from '../engines/simulator/session';
import { findUserByEmail, productOfUser, registerUser } from '../services/auth/users';
import { createCaches } from '../services/cache';
import type { ServiceCtx } from '../services/context';
import type { Db } from '../../db/client';
import { engineAuth, phones } from '../../db/schema';

/** The demo customer's sample phone: linked on the simulated network, so it comes up active. */
const DEMO_PHONE = { name: 'Demo Phone', number: '905550000001' } as const;

/** Creates the demo customer (with a linked simulated phone) and the staff admin when missing; safe to run again. */
export async function seed(db: Db, config: Config, now: () => number = Date.now) {
  // Seeding runs before the app starts: its caches are thrown away with it.
  const ctx = { db, config, now, cache: createCaches() };
  const created: string[] = [];
  if (!(await findUserByEmail(ctx, config.DEMO_EMAIL))) {
    await registerUser(ctx, { email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD, name: 'Demo Customer' });
    created.push(config.DEMO_EMAIL);
  }
  if (!(await findUserByEmail(ctx, config.ADMIN_EMAIL))) {
    await registerUser(ctx, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      name: 'Staff Admin',
      role: 'admin',
    });
    created.push(config.ADMIN_EMAIL);
  }
  if (config.simulator) await seedDemoPhone(ctx);
  return created;
}

async function seedDemoPhone(ctx: ServiceCtx): Promise<void> {
  const { db, config, now } = ctx;
  const demo = await findUserByEmail(ctx, config.DEMO_EMAIL);
  const product = demo && (await productOfUser(ctx, demo.id));
  if (!product) return;
  if (await db.select({ id: phones.id }).from(phones).where(eq(phones.pid, product.id)).get()) return;
  const t = now();
  const phone = await db
    .insert(phones)
    .values({
      pid: product.id,
      engine: 'sim',
      name: DEMO_PHONE.name,
      number: DEMO_PHONE.number,
      status: 'loading',
      statusAt: t,
      createdAt: t,
      updatedAt: t,
    })
    .returning()
    .get();
  await db.insert(engineAuth).values({
    phoneId: phone!.id,
    key: LINK_KEY,
    value: JSON.stringify({ number: DEMO_PHONE.number, name: DEMO_PHONE.name }),
  });
}
