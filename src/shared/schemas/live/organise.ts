import { z } from 'zod';
import { INBOX_ORG_MSG } from '../../inbox-org-messages';

/** Snooze, priority, unread and bulk actions of the inbox: requests and answers. */

const PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;

const until = z
  .union([z.number().int().positive(), z.iso.datetime({ offset: true })], { error: INBOX_ORG_MSG.snoozeTime })
  .meta({ description: 'An ISO time or epoch milliseconds, in the future, at most 90 days away' });

export const snoozeBody = z.looseObject({ until });
export const priorityBody = z.looseObject({ priority: z.enum(PRIORITIES) });

export const bulkBody = z
  .looseObject({
    ids: z.array(z.string().min(1).max(200)).min(1).max(100).meta({ description: 'Conversation ids (at most 100)' }),
    action: z.enum(['close', 'assign', 'label', 'snooze']),
    agentId: z
      .number()
      .int()
      .positive()
      .max(2 ** 53 - 1)
      .optional()
      .meta({ description: 'assign: the agent' }),
    to: z.literal('owner').optional().meta({ description: 'assign: the account owner' }),
    labels: z
      .array(z.string().trim().min(1).max(40))
      .min(1)
      .max(20)
      .optional()
      .meta({ description: 'label: label names added to each' }),
    until: until.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'assign' && (b.agentId === undefined) === (b.to === undefined))
      ctx.addIssue({ code: 'custom', message: INBOX_ORG_MSG.bulkTarget, path: ['agentId'] });
    if (b.action === 'label' && !b.labels)
      ctx.addIssue({ code: 'custom', message: INBOX_ORG_MSG.bulkLabels, path: ['labels'] });
    if (b.action === 'snooze' && b.until === undefined)
      ctx.addIssue({ code: 'custom', message: INBOX_ORG_MSG.bulkUntil, path: ['until'] });
  });

export const bulkAnswer = z.object({
  success: z.boolean(),
  data: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      error: z.string().optional().meta({ description: "Why this one was refused (the single call's message)" }),
      status: z.number().int().optional().meta({ description: 'The status the single call would answer' }),
    }),
  ),
});
