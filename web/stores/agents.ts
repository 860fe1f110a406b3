import { atom } from 'nanostores';
import type { z } from 'zod';
import { AGENT_LOGIN_PATH, canAddAgent, OWNER_SEAT } from '../../src/shared/agent-seats';
import type { agentListAnswer } from '../../src/shared/schemas/console/agents';
import { apiPost } from '../lib/api';
import { getConfig } from '../lib/bootstrap';
import { MSG } from '../lib/messages';

export type AgentList = Omit<z.infer<typeof agentListAnswer>, 'success'>;
export type AgentEntry = AgentList['agents'][number];

/** What the agents form sends: the e-mail and password on add, names (and a new password) on update. */
export interface AgentValues {
  email: string;
  password: string;
  name: string;
  surname: string;
}

/** The agents screen's data (owner row first); null until loaded. */
export const $agents = atom<AgentList | null>(null);
/** 'Load Failed.' after a failed load, else empty. */
export const $agentsError = atom('');

/** The agent app's sign-in address on this site (what the agents are told to open). */
export const agentLoginUrl = (origin = window.location.origin): string => `${origin}${AGENT_LOGIN_PATH}`;

const path = (call: string) => `/api/${getConfig().brand}/agent/${call}`;

/** Loads the agents list (`POST /agent/list`). */
export async function loadAgents(): Promise<void> {
  $agentsError.set('');
  try {
    const { agents, agent_limit } = await apiPost<AgentList>(path('list'), {});
    $agents.set({ agents, agent_limit });
  } catch {
    $agentsError.set(MSG.loadFailed);
  }
}

/** Registered agents, the owner row not counted. */
function registeredAgents(list: AgentList): number {
  return list.agents.filter((a) => !a.owner).length;
}

/** Whether the add form may open, or the limit dialog instead (the server enforces the same rule). */
export function mayAddAgent(list: AgentList): boolean {
  return canAddAgent(list.agent_limit, registeredAgents(list));
}

/** True when more people than the limit allows are registered: some agents cannot use the chat. */
export function overLimit(list: AgentList): boolean {
  return list.agent_limit > 0 && registeredAgents(list) + OWNER_SEAT > list.agent_limit;
}

/** Adds an agent; answers the server's message ('Agent successfully added.'). */
export async function addAgent(v: AgentValues): Promise<string> {
  const body = await apiPost<{ message: string }>(path('add'), {
    email: v.email.trim(),
    password: v.password,
    update_data: { name: v.name.trim(), surname: v.surname.trim() },
  });
  await loadAgents();
  return body.message;
}

/** Updates an agent's names (and password when one is typed); answers the server's message. */
export async function updateAgent(agent: AgentEntry, v: AgentValues): Promise<string> {
  const body = await apiPost<{ message: string }>(path('update'), {
    uid: agent.uid,
    email: agent.email,
    update_data: { name: v.name.trim(), surname: v.surname.trim(), password: v.password },
  });
  await loadAgents();
  return body.message;
}

/** Deletes an agent; answers the server's message. */
export async function deleteAgent(agent: AgentEntry): Promise<string> {
  const body = await apiPost<{ message: string }>(path('delete'), { uid: agent.uid, email: agent.email });
  await loadAgents();
  return body.message;
}

/** Confirms a new agent's e-mail from the mailed link (`POST /api/verify/agent`), with an optional new password; answers the server's message. */
export async function verifyAgent(token: string, password: string): Promise<string> {
  const body = await apiPost<{ message: string }>('/api/verify/agent', { token, ...(password ? { password } : {}) });
  return body.message;
}
