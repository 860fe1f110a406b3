import { z } from 'zod';

/** The API documents' area (`/api/openapi.json`, `/api/{brand}/openapi.json`, the Postman collection). */

/** An OpenAPI 3.1 document. */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** `GET /api/reference.js`: the reference page's script. */
export const referenceScriptText = z.string();
