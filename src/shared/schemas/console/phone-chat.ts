import { z } from 'zod';

/** The phone chat's event stream (`GET /api/phones/{phoneId}/chatEvents`): request and answer. */

/** `GET /api/phones/{phoneId}/chatEvents`: which phone. */
export const phoneChatParams = z.object({
  phoneId: z
    .string()
    .max(20)
    .meta({ description: "The phone's id (another account's phone answers 404)", example: '42' }),
});

/** `GET /api/phones/{phoneId}/chatEvents`: the answer's event stream. */
export const phoneChatEventStream = z.string().meta({ description: '`event:` and `data:` (JSON) lines per event' });
