import type { AgentRow, UserRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { AGENT_MSG } from '../../shared/agent-messages';
import { OWNER_SEAT } from '../../shared/agent-seats';
import { productOfUser } from '../auth/users';
import type { ServiceCtx } from '../context';
import { agentHasSeat, agentLimit } from '../agents/seats';
import { getProduct } from '../products/products';

/** Who works the inbox: an agent, or the account owner from the console. */
export interface LiveActor {
  pid: string;
  /** What a conversation's `holder` stores: `a:<agent id>` or `o:<owner uid>`. */
  key: string;
  email: string;
  owner: boolean;
}

/** An agent of the chat app, when they hold a seat under the current agent limit; 403 otherwise. */
export async function agentActor(ctx: ServiceCtx, agent: AgentRow): Promise<LiveActor> {
  const row = await getProduct(ctx, agent.pid);
  if (!row || !(await agentHasSeat(ctx, agent, row))) throw new ApiError('FORBIDDEN', AGENT_MSG.noSeat);
  return { pid: agent.pid, key: `a:${agent.id}`, email: agent.email, owner: false };
}

/** The account owner, when the account has a live package (the owner holds one seat). */
export async function ownerActor(ctx: ServiceCtx, user: UserRow): Promise<LiveActor> {
  const product = await productOfUser(ctx, user.id);
  if (!product) throw new ApiError('NOT_FOUND', 'Product not found.');
  if (agentLimit(product) < OWNER_SEAT) throw new ApiError('FORBIDDEN', AGENT_MSG.noLimit);
  return { pid: product.id, key: `o:${user.id}`, email: user.email, owner: true };
}
