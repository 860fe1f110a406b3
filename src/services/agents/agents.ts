import { and, eq, sql } from 'drizzle-orm';
import { agents, agentSessions, type AgentRow, type ProductRow, type UserRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { AGENT_MSG } from '../../shared/schemas/console/agents';
import { AGENT_LOGIN_PATH, holdsSeat, OWNER_SEAT } from '../../shared/agent-seats';
import { randomToken, sha256Hex } from '../auth/crypto';
import { hashPassword } from '../auth/passwords';
import type { ServiceCtx } from '../context';
import { queueMail } from '../mail/outbox';
import { agentInviteMail } from './invite-mail';
import { agentLimit, agentsByAge } from './seats';

/** How long the link of a new agent's mail confirms the address. */
const AGENT_INVITE_DAYS = 7;
const DAY = 24 * 60 * 60_000;

/** The agents screen: the owner first (not editable), then the agents by age with their chat seat. */
export async function listAgents(ctx: ServiceCtx, owner: UserRow, product: ProductRow) {
  const limit = agentLimit(product);
  const rows = await agentsByAge(ctx, product.id);
  return {
    agent_limit: limit,
    agents: [
      {
        uid: null,
        id: null,
        email: owner.email,
        name: owner.name,
        surname: '',
        owner: true,
        verified: true,
        chat: limit >= OWNER_SEAT,
      },
      ...rows.map((a, rank) => ({
        uid: a.id,
        id: a.id,
        email: a.email,
        name: a.name,
        surname: a.surname,
        owner: false,
        verified: a.verified,
        chat: holdsSeat(limit, rank),
      })),
    ],
  };
}

/**
 * Adds an agent and mails the confirmation link. The insert itself checks the limit, so two adds at
 * once cannot both take the last seat.
 */
export async function addAgent(
  ctx: ServiceCtx,
  owner: UserRow,
  product: ProductRow,
  input: { email: string; password: string; name?: string; surname?: string },
  baseUrl: string,
): Promise<void> {
  const taken = await ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.pid, product.id), eq(agents.email, input.email)))
    .get();
  if (input.email === owner.email.toLowerCase() || taken) throw new ApiError('CONFLICT', AGENT_MSG.duplicate);
  const limit = agentLimit(product);
  if (limit === 0) throw new ApiError('FORBIDDEN', AGENT_MSG.noLimit);
  const token = randomToken(32);
  const now = ctx.now();
  const hash = await hashPassword(input.password, ctx.config.PASSWORD_HASH_ITERATIONS);
  // `all`, not `get`: the driver's `get` fails on an insert that returns no row.
  const [row] = await ctx.db.all<{ id: number }>(sql`
    INSERT INTO agents (pid, email, name, surname, password_hash, verified, verify_token_hash, verify_expires_at, created_at, updated_at)
    SELECT ${product.id}, ${input.email}, ${input.name ?? ''}, ${input.surname ?? ''}, ${hash}, 0, ${await sha256Hex(token)}, ${now + AGENT_INVITE_DAYS * DAY}, ${now}, ${now}
    WHERE (SELECT count(*) FROM agents WHERE pid = ${product.id}) + ${OWNER_SEAT} < ${limit}
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (!row) {
    const again = await ctx.db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.pid, product.id), eq(agents.email, input.email)))
      .get();
    throw again ? new ApiError('CONFLICT', AGENT_MSG.duplicate) : new ApiError('FORBIDDEN', AGENT_MSG.limitDialog);
  }
  const link = `${baseUrl}/verify/agent/${token}`;
  await queueMail(
    ctx,
    agentInviteMail({
      to: input.email,
      owner: owner.name.trim() || owner.email,
      link,
      loginUrl: `${baseUrl}${AGENT_LOGIN_PATH}`,
      days: AGENT_INVITE_DAYS,
      brand: ctx.config.BRAND,
    }),
  );
}

/** One agent of the product; another product's id (or a wrong e-mail beside it) answers like a missing one. */
export async function ownAgent(ctx: ServiceCtx, pid: string, uid: number, email?: string): Promise<AgentRow> {
  const row = await ctx.db
    .select()
    .from(agents)
    .where(and(eq(agents.pid, pid), eq(agents.id, uid)))
    .get();
  if (!row || (email !== undefined && email !== row.email)) throw new ApiError('NOT_FOUND', AGENT_MSG.notFound);
  return row;
}

/** Renames an agent and, when a password is given, sets it and ends the agent's sessions. */
export async function updateAgent(
  ctx: ServiceCtx,
  pid: string,
  input: { uid: number; email?: string; name: string; surname: string; password?: string },
): Promise<void> {
  const agent = await ownAgent(ctx, pid, input.uid, input.email);
  const passwordHash = input.password
    ? await hashPassword(input.password, ctx.config.PASSWORD_HASH_ITERATIONS)
    : undefined;
  await ctx.db
    .update(agents)
    .set({ name: input.name, surname: input.surname, updatedAt: ctx.now(), ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(agents.id, agent.id));
  if (passwordHash) await ctx.db.delete(agentSessions).where(eq(agentSessions.agentId, agent.id));
}

/** Deletes an agent with its sessions. */
export async function deleteAgent(ctx: ServiceCtx, pid: string, input: { uid: number; email?: string }): Promise<void> {
  const agent = await ownAgent(ctx, pid, input.uid, input.email);
  await ctx.db.batch([
    ctx.db.delete(agentSessions).where(eq(agentSessions.agentId, agent.id)),
    ctx.db.delete(agents).where(eq(agents.id, agent.id)),
  ]);
}
