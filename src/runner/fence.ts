import { sql, type SQL } from 'drizzle-orm';

/** The lease a runner holds on a phone: its id and the generation its claim got. */
export interface Fence {
  runnerId: string;
  generation: number;
}

/**
 * The condition every write a runner makes for a phone carries: the lease is still its own at the
 * generation it claimed. A runner that lost the lease (while cut off from the database, say) writes
 * with an older generation, and its write changes nothing. One subquery, no extra round trip.
 */
export function holds(phoneId: number | SQL, fence: Fence): SQL {
  return sql`exists (select 1 from phone_leases where phone_leases.phone_id = ${phoneId} and phone_leases.runner_id = ${fence.runnerId} and phone_leases.generation = ${fence.generation})`;
}
