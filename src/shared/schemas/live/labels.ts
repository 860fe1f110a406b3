import { z } from 'zod';
import { INBOX_ORG_MSG } from '../../inbox-org-messages';

/** Labels of the inbox (`/api/live/labels`, `/api/live/conversations/{id}/labels`): requests and answers. */

const labelName = z
  .string({ error: INBOX_ORG_MSG.labelName })
  .trim()
  .min(1, INBOX_ORG_MSG.labelName)
  .max(40, INBOX_ORG_MSG.labelName)
  .regex(/^[^,]+$/, INBOX_ORG_MSG.labelName)
  .meta({ example: 'vip' });
const labelColor = z
  .string({ error: INBOX_ORG_MSG.labelColor })
  .regex(/^#[0-9a-fA-F]{6}$/, INBOX_ORG_MSG.labelColor)
  .meta({ example: '#e11d48' });

const label = z.object({ id: z.number().int(), name: z.string(), color: z.string() }).meta({ id: 'LiveLabel' });
export const labelAnswer = z.object({ success: z.boolean(), data: label });
export const labelListAnswer = z.object({ success: z.boolean(), data: z.array(label) });

export const labelBody = z.looseObject({ name: labelName, color: labelColor });
export const labelChangeBody = z
  .looseObject({ name: labelName.optional(), color: labelColor.optional() })
  .refine((b) => b.name !== undefined || b.color !== undefined, { message: INBOX_ORG_MSG.labelChange, path: ['name'] });

export const labelParams = z.object({
  labelId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1)
    .meta({ param: { name: 'labelId', in: 'path' }, example: 3 }),
});

/** The labels a conversation carries from now on (names of the account's labels; unknown ones answer 400). */
export const conversationLabelsBody = z.looseObject({
  labels: z
    .array(labelName)
    .max(20)
    .meta({ description: "Names of the account's labels; [] removes them all", example: ['vip'] }),
});
