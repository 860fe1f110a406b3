import { z } from 'zod';

/** `GET /api/live/mentions`: the page. */
export const mentionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const mention = z
  .object({
    id: z.number().int(),
    conversationId: z.string().meta({ description: 'The conversation of the note, `{phoneId}:{chatId}`' }),
    note: z.string().meta({ description: "The note's text" }),
    noteId: z.number().int(),
    by: z.string().meta({ description: 'E-mail of who wrote the note' }),
    byName: z.string().meta({ description: 'Name of who wrote the note (empty when they have none or left the team)' }),
    createdAt: z.number().int(),
    read: z.boolean(),
  })
  .meta({ id: 'LiveMention' });

/** `GET /api/live/mentions`: the caller's mentions, newest first. */
export const mentionsAnswer = z.object({
  success: z.boolean(),
  data: z.array(mention),
  page: z.number().int(),
  limit: z.number().int(),
  unread: z.number().int().meta({ description: "The caller's unread mentions in all" }),
});

/** `POST /api/live/mentions/read`: which ones; all the caller's when absent. */
export const mentionsReadBody = z.looseObject({
  ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 53 - 1),
    )
    .min(1)
    .max(500)
    .optional()
    .meta({ description: 'Mention ids; all of the caller’s when absent', example: [4, 5] }),
});

export const mentionsReadAnswer = z.object({
  success: z.boolean(),
  data: z.object({ read: z.number().int().meta({ description: 'How many became read' }) }),
});
