import { and, eq, gt } from 'drizzle-orm';
import { agents, agentSessions } from '../../../db/schema';
import { ApiError } from '../../errors';
import { AGENT_MSG } from '../../shared/schemas/console/agents';
import { sha256Hex } from '../auth/crypto';
import { hashPassword } from '../auth/passwords';
import type { ServiceCtx } from '../context';

/**
 * Confirms an agent's address with the single-use token of their mail; a password given replaces
 * the one the owner set (and ends any session made with it).
 */
export async function verifyAgent(ctx: ServiceCtx, token: string, password?: string): Promise<void> {
  const hash = await sha256Hex(token);
  const now = ctx.now();
  const row = await ctx.db.select().from(agents).where(eq(agents.verifyTokenHash, hash)).get();
  if (!row) throw new ApiError('BAD_REQUEST', AGENT_MSG.verifyInvalid);
  if ((row.verifyExpiresAt ?? 0) <= now) throw new ApiError('GONE', AGENT_MSG.verifyExpired);
  const passwordHash = password ? await hashPassword(password, ctx.config.PASSWORD_HASH_ITERATIONS) : undefined;
  const claimed = await ctx.db
    .update(agents)
    .set({
      verified: true,
      verifyTokenHash: null,
      verifyExpiresAt: null,
      updatedAt: now,
      ...(passwordHash ? { passwordHash } : {}),
    })
    .where(and(eq(agents.id, row.id), eq(agents.verifyTokenHash, hash), gt(agents.verifyExpiresAt, now)))
    .returning({ id: agents.id })
    .get();
  if (!claimed) throw new ApiError('BAD_REQUEST', AGENT_MSG.verifyInvalid);
  if (passwordHash) await ctx.db.delete(agentSessions).where(eq(agentSessions.agentId, row.id));
}
