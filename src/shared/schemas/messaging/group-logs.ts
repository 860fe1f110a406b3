import { z } from 'zod';

import { GROUP_SUBTYPES, type GroupSubtype } from '../../group-subtypes';

export { GROUP_SUBTYPES, type GroupSubtype };

/** One group event in the log shape the group action logs page reads. */
const groupActionLog = z.object({
  id: z.number().int(),
  phone: z.string().meta({ description: 'Id of the phone that saw the event' }),
  created_at: z.string(),
  data: z.object({
    body: z.object({
      receiver: z.string().meta({ description: 'Number of the phone' }),
      conversation: z.string().meta({ example: '905301234567-1574073754@g.us' }),
      conversation_name: z.string(),
      message: z.object({
        type: z.literal('info'),
        participant: z.string(),
        subtype: z.string().meta({ example: 'group/add' }),
      }),
      by: z.string().optional().meta({ description: 'Who made the change, when known' }),
    }),
  }),
});
export type GroupActionLog = z.infer<typeof groupActionLog>;

/** GET /groupActionLogs: a page of events, newest first. */
export const groupActionLogsResponse = z.object({
  success: z.boolean(),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  data: z.array(groupActionLog),
});
