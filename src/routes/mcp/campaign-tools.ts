import { z } from 'zod';
import { controlCampaign } from '../../services/campaigns/control';
import { createCampaign } from '../../services/campaigns/create';
import { campaignView, getCampaign, listCampaigns } from '../../services/campaigns/view';
import { addOptouts, listOptouts, removeOptout } from '../../services/optouts/list';
import { campaignParams, createCampaignBody } from '../../shared/schemas/campaigns';
import { optoutNumberParams, optoutNumbersBody, optoutsQuery } from '../../shared/schemas/optouts';
import { bodyTool, queryTool, type McpTool, type ToolEnv } from './tool-kit';

/** A campaign's view after a pause, a resume or a cancel, as the REST call answers it. */
const control = (action: 'pause' | 'resume' | 'cancel', title: string, description: string): McpTool =>
  queryTool({
    name: `${action}_campaign`,
    title,
    description,
    readOnly: false,
    destructive: action === 'cancel',
    schema: campaignParams,
    run: async (env: ToolEnv, args) => {
      const row = await controlCampaign(env.ctx, env.product.id, args.id, action);
      return { result: { success: true, data: await campaignView(env.ctx, row) } };
    },
  });

/** Campaigns and the opt-out list (issue 41): the REST endpoints' schemas and services, as tools. */
export const CAMPAIGN_TOOLS: McpTool[] = [
  queryTool({
    name: 'list_campaigns',
    title: 'List campaigns',
    description:
      'The campaigns of this account, newest first, each with its status, counts (queued, held, sent, delivered, read, replied, failed, opted_out, invalid, cancelled) and ETA. Same as GET /campaigns.',
    readOnly: true,
    schema: z.object({}),
    run: async (env) => ({ result: { success: true, data: await listCampaigns(env.ctx, env.product.id) } }),
  }),
  queryTool({
    name: 'get_campaign',
    title: 'Get a campaign',
    description:
      'One campaign with its live counts and ETA, by the id create_campaign answered. Same as GET /campaigns/{id}.',
    readOnly: true,
    schema: campaignParams,
    run: async (env, args) => {
      const row = await getCampaign(env.ctx, env.product.id, args.id);
      return { result: { success: true, data: await campaignView(env.ctx, row) } };
    },
  }),
  bodyTool({
    name: 'create_campaign',
    title: 'Create a campaign',
    description:
      'One message to up to 100,000 recipients from phones of list_phones (phone_ids), each recipient with its variables ({{name}} in the text). A number listed twice is sent once, an invalid or opted-out one is counted, not sent; schedule_at holds it until then. Answers the campaign id and its counts. Same as POST /campaigns.',
    readOnly: false,
    schema: createCampaignBody,
    run: async (env, args) => ({
      result: { success: true, data: await createCampaign(env.ctx, env.product.id, args) },
    }),
  }),
  control(
    'pause',
    'Pause a campaign',
    'Stops new sends of a campaign at once (what is in flight finishes). Same as POST /campaigns/{id}/pause.',
  ),
  control('resume', 'Resume a campaign', 'Continues a paused campaign. Same as POST /campaigns/{id}/resume.'),
  control(
    'cancel',
    'Cancel a campaign',
    'Ends a campaign: the recipients not yet sent are marked cancelled; it cannot be resumed. Same as POST /campaigns/{id}/cancel.',
  ),
  queryTool({
    name: 'list_optouts',
    title: 'List opt-outs',
    description:
      "Numbers on the opt-out list (campaigns skip them), newest first, a page at a time: pass cursor = the answer's next_cursor for the next page. Same as GET /optouts.",
    readOnly: true,
    schema: optoutsQuery,
    run: async (env, args) => ({
      result: { success: true, ...(await listOptouts(env.ctx, env.product.id, args)) },
    }),
  }),
  bodyTool({
    name: 'add_optouts',
    title: 'Add opt-outs',
    description:
      'Puts numbers on the opt-out list (idempotent): campaigns skip them from now on; invalid entries are reported, the others added. Same as POST /optouts.',
    readOnly: false,
    schema: optoutNumbersBody,
    run: async (env, args) => ({
      result: { success: true, ...(await addOptouts(env.ctx, env.product.id, args.numbers)) },
    }),
  }),
  queryTool({
    name: 'remove_optout',
    title: 'Remove an opt-out',
    description:
      'Takes a number off the opt-out list: campaigns may send to it again. Same as DELETE /optouts/{number}.',
    readOnly: false,
    destructive: true,
    schema: optoutNumberParams,
    run: async (env, args) => ({
      result: { success: true, ...(await removeOptout(env.ctx, env.product.id, args.number)) },
    }),
  }),
];
