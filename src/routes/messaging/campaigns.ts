import { audienceUpload, previewUpload } from '../../middleware/audience-upload';
import { createCampaign } from '../../services/campaigns/create';
import { controlCampaign } from '../../services/campaigns/control';
import { recipientsCsv } from '../../services/campaigns/csv';
import { campaignView, getCampaign, listCampaigns, recipientsPage, recipientView } from '../../services/campaigns/view';
import { CSV_TYPE } from '../../shared/csv';
import {
  campaignListResponse,
  campaignParams,
  campaignResponse,
  campaignUploadForm,
  createCampaignBody,
  type CreateCampaignBody,
  createCampaignResponse,
  recipientsQuery,
  previewFileForm,
  previewFileResponse,
  recipientsResponse,
} from '../../shared/schemas/campaigns';
import { binary, body, endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';

/** A campaign's body: 100,000 recipients with their variables (the app's own cap is larger). */
const CAMPAIGN_BODY_MAX = 16 * 1024 * 1024;

const EXAMPLE = {
  name: 'Spring sale',
  phone_ids: [42],
  message: { type: 'text', message: 'Hello {{name}}, 20% off this week.' },
  recipients: [{ number: '905301234567', variables: { name: 'Ayşe' } }],
};

const create = endpoint(
  'post',
  '/campaigns',
  TAGS.campaigns,
  'Create a campaign',
  {
    // Not `required`: each content type is then validated only when it is the one sent (the upload
    // middleware turns a form into JSON first).
    body: {
      ...body(createCampaignBody, { text: EXAMPLE }),
      required: false,
      content: {
        ...body(createCampaignBody, { text: EXAMPLE }).content,
        'multipart/form-data': { schema: campaignUploadForm },
      },
    },
  },
  ok(createCampaignResponse),
  {
    description:
      "One message to up to 100,000 recipients, each with its variables ({{name}} in the text, the caption or a template's parameters). Numbers are read as sendMessage reads them; a number listed twice is sent once (`duplicates`), an invalid one is kept as `invalid`, an opted-out one as `opted_out`. With several phones each recipient always gets the same one. `schedule_at` holds it until then. A variable the message uses that a recipient lacks is refused (422 naming it).",
    middleware: [audienceUpload(CAMPAIGN_BODY_MAX)] as const,
  },
);
const previewFile = endpoint(
  'post',
  '/campaigns/preview-file',
  TAGS.campaigns,
  "An audience file's columns and first rows (to choose the number column)",
  { body: { required: false, content: { 'multipart/form-data': { schema: previewFileForm } } } },
  ok(previewFileResponse),
);
const list = endpoint('get', '/campaigns', TAGS.campaigns, 'Campaigns of the product', {}, ok(campaignListResponse));
const one = endpoint(
  'get',
  '/campaigns/{id}',
  TAGS.campaigns,
  'A campaign with its live counts and ETA',
  { params: campaignParams },
  ok(campaignResponse),
);
const control = (action: 'pause' | 'resume' | 'cancel', summary: string) =>
  endpoint(
    'post',
    `/campaigns/{id}/${action}`,
    TAGS.campaigns,
    summary,
    { params: campaignParams },
    ok(campaignResponse),
  );
const pause = control('pause', 'Pause a campaign (what is in flight finishes)');
const resume = control('resume', 'Resume a paused campaign');
const cancel = control('cancel', "Cancel a campaign (the rest are marked 'cancelled')");
const recipients = endpoint(
  'get',
  '/campaigns/{id}/recipients',
  TAGS.campaigns,
  "A page of a campaign's recipients (status= filters; cursor= the previous page's next_cursor)",
  { params: campaignParams, query: recipientsQuery },
  ok(recipientsResponse),
);
const csv = endpoint(
  'get',
  '/campaigns/{id}/recipients.csv',
  TAGS.campaigns,
  'Every recipient of a campaign as CSV (number, status, msg_id, error, variables)',
  { params: campaignParams },
  binary('text/csv'),
);

/** Campaigns of the messaging API (issue 41): `/api/{productId}/campaigns...`. */
export const campaignRoutes = routes()
  .openapi(create, async (c) => {
    const data = await createCampaign(c.get('ctx'), c.get('product').id, c.req.valid('json') as CreateCampaignBody);
    return answer(c, { success: true as const, data });
  })
  .openapi(previewFile, async (c) =>
    answer(c, { success: true as const, data: await previewUpload(c, CAMPAIGN_BODY_MAX) }),
  )
  .openapi(list, async (c) =>
    answer(c, { success: true as const, data: await listCampaigns(c.get('ctx'), c.get('product').id) }),
  )
  .openapi(one, async (c) => {
    const ctx = c.get('ctx');
    const row = await getCampaign(ctx, c.get('product').id, c.req.valid('param').id);
    return answer(c, { success: true as const, data: await campaignView(ctx, row) });
  })
  .openapi(pause, async (c) => {
    const row = await controlCampaign(c.get('ctx'), c.get('product').id, c.req.valid('param').id, 'pause');
    return answer(c, { success: true as const, data: await campaignView(c.get('ctx'), row) });
  })
  .openapi(resume, async (c) => {
    const row = await controlCampaign(c.get('ctx'), c.get('product').id, c.req.valid('param').id, 'resume');
    return answer(c, { success: true as const, data: await campaignView(c.get('ctx'), row) });
  })
  .openapi(cancel, async (c) => {
    const row = await controlCampaign(c.get('ctx'), c.get('product').id, c.req.valid('param').id, 'cancel');
    return answer(c, { success: true as const, data: await campaignView(c.get('ctx'), row) });
  })
  .openapi(recipients, async (c) => {
    const ctx = c.get('ctx');
    const row = await getCampaign(ctx, c.get('product').id, c.req.valid('param').id);
    const { status, cursor } = c.req.valid('query');
    const page = await recipientsPage(ctx, row, status, cursor);
    return answer(c, { success: true as const, data: page.rows.map(recipientView), next_cursor: page.next });
  })
  .openapi(csv, async (c) => {
    const ctx = c.get('ctx');
    const row = await getCampaign(ctx, c.get('product').id, c.req.valid('param').id);
    c.set('responseBody', { csv: `campaign ${row.id}` });
    return c.body(await recipientsCsv(ctx, row), 200, {
      'content-type': CSV_TYPE,
      'content-disposition': `attachment; filename="campaign-${row.id}.csv"`,
    });
  });
