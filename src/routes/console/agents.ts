import { requireUser } from '../../middleware/session';
import { addAgent, deleteAgent, listAgents, updateAgent } from '../../services/agents/agents';
import {
  AGENT_MSG,
  agentAddBody,
  agentDeleteBody,
  agentListBody,
  agentUpdateBody,
  agentListAnswer,
} from '../../shared/schemas/console/agents';
import { messageAnswer } from '../../shared/schemas/auth';
import { ownProduct } from '../kit/own-product';
import { CONSOLE_TAGS, signedInBody } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { publicBaseUrl } from '../kit/public-base-url';

const T = CONSOLE_TAGS.agents;

const list = endpoint(
  'post',
  '/agent/list',
  T,
  'The agents screen: the owner first, then the agents with their chat seat, and the agent limit',
  { body: body(agentListBody) },
  ok(agentListAnswer),
  signedInBody(),
);
const add = endpoint(
  'post',
  '/agent/add',
  T,
  'Add an agent within the agent limit (the owner holds one seat) and mail them the confirmation link',
  {
    body: body(agentAddBody, {
      agent: { email: 'agent@example.com', password: 'secret1', update_data: { name: 'Ada', surname: 'Lovelace' } },
    }),
  },
  ok(messageAnswer),
  signedInBody(),
);
const update = endpoint(
  'post',
  '/agent/update',
  T,
  "Change an agent's name and surname, and the password when one is given",
  {
    body: body(agentUpdateBody, {
      agent: { uid: 7, email: 'agent@example.com', update_data: { name: 'Ada', surname: 'Byron', password: '' } },
    }),
  },
  ok(messageAnswer),
  signedInBody(),
);
const remove = endpoint(
  'post',
  '/agent/delete',
  T,
  'Delete an agent and end their chat sessions',
  { body: body(agentDeleteBody, { agent: { uid: 7, email: 'agent@example.com' } }) },
  ok(messageAnswer),
  signedInBody(),
);

/** `/api/{brand}/agent/*`: the console's agents screen (2-phones §2.4, §7.4). */
export const agentRoutes = routes()
  .openapi(list, async (c) => {
    const product = await ownProduct(c, c.req.valid('json').pid);
    return c.json({ success: true, ...(await listAgents(c.get('ctx'), requireUser(c), product)) }, 200);
  })
  .openapi(add, async (c) => {
    const input = c.req.valid('json');
    const product = await ownProduct(c, input.pid);
    const names = { name: input.update_data?.name, surname: input.update_data?.surname };
    await addAgent(
      c.get('ctx'),
      requireUser(c),
      product,
      { email: input.email, password: input.password, ...names },
      publicBaseUrl(c),
    );
    return c.json({ success: true, message: AGENT_MSG.added }, 200);
  })
  .openapi(update, async (c) => {
    const input = c.req.valid('json');
    const product = await ownProduct(c, input.pid);
    const { name, surname, password } = input.update_data;
    await updateAgent(c.get('ctx'), product.id, {
      uid: input.uid,
      email: input.email,
      name,
      surname,
      password: password || undefined,
    });
    return c.json({ success: true, message: AGENT_MSG.updated }, 200);
  })
  .openapi(remove, async (c) => {
    const input = c.req.valid('json');
    const product = await ownProduct(c, input.pid);
    await deleteAgent(c.get('ctx'), product.id, { uid: input.uid, email: input.email });
    return c.json({ success: true, message: AGENT_MSG.deleted }, 200);
  });
