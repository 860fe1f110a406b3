import { z } from 'zod';

/** Message media (`GET /media/{id}/{name}`): request and answer. */

/** `GET /media/{id}/{name}`: the media id and an optional file name. */
export const mediaParams = z.object({
  id: z.string().meta({ description: 'The media id (a UUID)' }),
  name: z
    .string()
    .optional()
    .meta({ description: 'The file name; any name serves the same file', example: 'photo.jpg' }),
});

/** `GET /media/{id}/{name}`: the file. */
export const mediaFile = z.string().meta({ format: 'binary' });
