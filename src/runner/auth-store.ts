import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { engineAuth } from '../../db/schema';
import type { AuthStore } from '../engines/types';

/** A phone's session credentials in the engine_auth table. */
export function dbAuthStore(db: Db, phoneId: number): AuthStore {
  return {
    async get(key) {
      const row = await db
        .select({ v: engineAuth.value })
        .from(engineAuth)
        .where(and(eq(engineAuth.phoneId, phoneId), eq(engineAuth.key, key)))
        .get();
      return row?.v ?? null;
    },
    async getMany(keys) {
      const out: Record<string, string | null> = Object.fromEntries(keys.map((k) => [k, null]));
      for (let i = 0; i < keys.length; i += 500) {
        const rows = await db
          .select({ k: engineAuth.key, v: engineAuth.value })
          .from(engineAuth)
          .where(and(eq(engineAuth.phoneId, phoneId), inArray(engineAuth.key, keys.slice(i, i + 500))))
          .all();
        for (const r of rows) out[r.k] = r.v;
      }
      return out;
    },
    async set(entries) {
      const ops = Object.entries(entries).map(([key, value]) =>
        value === null
          ? db.delete(engineAuth).where(and(eq(engineAuth.phoneId, phoneId), eq(engineAuth.key, key)))
          : db
              .insert(engineAuth)
              .values({ phoneId, key, value })
              .onConflictDoUpdate({ target: [engineAuth.phoneId, engineAuth.key], set: { value } }),
      );
      if (ops.length === 0) return;
      await db.batch(ops as [(typeof ops)[number], ...(typeof ops)[number][]]);
    },
    async clear() {
      await db.delete(engineAuth).where(eq(engineAuth.phoneId, phoneId));
    },
  };
}
