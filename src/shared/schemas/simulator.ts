import { z } from 'zod';

/** Response shapes of the simulated network's controls (`/api/sim/*`): declared by the routes, read by the console. */

/** A scan or pairing linked the phone as this number. */
export const simLinked = z.object({ success: z.boolean(), phoneId: z.number().int(), number: z.string() });

/** A message from a simulated contact arrived with this key. */
export const simIncomingAnswer = z.object({ success: z.boolean(), id: z.string(), chatId: z.string() });
