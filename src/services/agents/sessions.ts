import { and, asc, eq, gt } from 'drizzle-orm';
import { agents, agentSessions, products, type AgentRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { AGENT_MSG } from '../../shared/schemas/console/agents';
import { randomToken, sha256Hex } from '../auth/crypto';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords';
import type { ServiceCtx } from '../context';
import { agentHasSeat } from './seats';

const DAY = 24 * 60 * 60 * 1000;
/** Agents sharing one e-mail across accounts tried at one login; a cap keeps the cost of a login bounded. */
const SAME_EMAIL_MAX = 5;

/**
 * The agent an e-mail and password sign in, or null. An e-mail may be an agent of several accounts
 * (agents are unique per product); the oldest whose password matches wins. A right password of an
 * unconfirmed agent answers 403, so the agent learns to open the mail; anything else says nothing
 * of which part was wrong.
 */
export async function authenticateAgent(ctx: ServiceCtx, email: string, password: string): Promise<AgentRow | null> {
  const rows = await ctx.db
    .select()
    .from(agents)
    .where(eq(agents.email, email))
    .orderBy(asc(agents.id))
    .limit(SAME_EMAIL_MAX)
    .all();
  if (rows.length === 0) {
    await burnPasswordCheck(password, ctx.config.PASSWORD_HASH_ITERATIONS);
    return null;
  }
  let unverified = false;
  for (const row of rows) {
    if (!(await verifyPassword(password, row.passwordHash))) continue;
    if (row.verified) return row;
    unverified = true;
  }
  if (unverified) throw new ApiError('FORBIDDEN', AGENT_MSG.unverified);
  return null;
}

/** Creates an agent session and returns the token for the cookie; only its hash is stored. */
export async function createAgentSession(
  ctx: ServiceCtx,
  agentId: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken(32);
  const now = ctx.now();
  const expiresAt = now + ctx.config.SESSION_DAYS * DAY;
  await ctx.db.insert(agentSessions).values({ id: await sha256Hex(token), agentId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Looks an agent session up, with sliding expiry like the console's (`renewedUntil` asks for a fresh cookie). */
export async function validateAgentSession(ctx: ServiceCtx, token: string) {
  const id = await sha256Hex(token);
  const now = ctx.now();
  const row = await ctx.db
    .select({ session: agentSessions, agent: agents })
    .from(agentSessions)
    .innerJoin(agents, eq(agents.id, agentSessions.agentId))
    .where(and(eq(agentSessions.id, id), gt(agentSessions.expiresAt, now)))
    .get();
  if (!row || !row.agent.verified) return null;
  const lifetime = ctx.config.SESSION_DAYS * DAY;
  let renewedUntil: number | undefined;
  if (row.session.expiresAt - now < lifetime / 2) {
    renewedUntil = now + lifetime;
    await ctx.db.update(agentSessions).set({ expiresAt: renewedUntil }).where(eq(agentSessions.id, id));
  }
  return { agent: row.agent, renewedUntil };
}

export async function deleteAgentSession(ctx: ServiceCtx, token: string): Promise<void> {
  await ctx.db.delete(agentSessions).where(eq(agentSessions.id, await sha256Hex(token)));
}

/** What the chat app sees of its agent: whether it holds a chat seat under the product's current limit. */
export async function liveAgentView(ctx: ServiceCtx, agent: AgentRow) {
  const product = await ctx.db
    .select({ settings: products.settings })
    .from(products)
    .where(eq(products.id, agent.pid))
    .get();
  const chat = product ? await agentHasSeat(ctx, agent, product) : false;
  return {
    id: agent.id,
    pid: agent.pid,
    email: agent.email,
    name: agent.name,
    surname: agent.surname,
    chat,
    ...(chat ? {} : { message: AGENT_MSG.noSeat }),
  };
}
