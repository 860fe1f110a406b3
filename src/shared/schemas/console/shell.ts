import { z } from 'zod';

/** The console's page shell (`GET /{page}`): requests. */

/** `GET /{page}`: the console path. */
export const shellParams = z.object({ page: z.string().meta({ description: 'The console path', example: 'phones' }) });
