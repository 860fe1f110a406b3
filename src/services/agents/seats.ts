import { asc, count, eq } from 'drizzle-orm';
import { agents, type AgentRow, type ProductRow } from '../../../db/schema';
import { holdsSeat } from '../../shared/agent-seats';
import type { ServiceCtx } from '../context';

/** The product's agent limit (0 when it has none). */
export function agentLimit(product: Pick<ProductRow, 'settings'>): number {
  const n = Number(product.settings.agent_limit ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** Registered agents of a product (the owner not counted). */
export async function agentCount(ctx: ServiceCtx, pid: string): Promise<number> {
  const row = await ctx.db.select({ n: count() }).from(agents).where(eq(agents.pid, pid)).get();
  return row?.n ?? 0;
}

/** The product's agents, oldest first (the order seats are given in). */
export async function agentsByAge(ctx: ServiceCtx, pid: string): Promise<AgentRow[]> {
  return ctx.db.select().from(agents).where(eq(agents.pid, pid)).orderBy(asc(agents.id)).all();
}

/** Whether an agent may use the chat now: within the product's current agent limit. */
export async function agentHasSeat(
  ctx: ServiceCtx,
  agent: AgentRow,
  product: Pick<ProductRow, 'settings'>,
): Promise<boolean> {
  const rank = (await agentsByAge(ctx, agent.pid)).findIndex((a) => a.id === agent.id);
  return rank >= 0 && holdsSeat(agentLimit(product), rank);
}
