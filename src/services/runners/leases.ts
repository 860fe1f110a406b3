import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { phoneLeases } from '../../../db/schema';

/** A phone's lease as instance_status reports it (read here, so routes never reach into src/runner/). */
export async function leaseOf(db: Db, phoneId: number) {
  return db.select().from(phoneLeases).where(eq(phoneLeases.phoneId, phoneId)).get();
}
