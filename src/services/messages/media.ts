import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { media } from '../../../db/schema';
import type { MediaInput } from '../../engines/types';
import { bytesToBase64 } from '../../shared/base64';
import { storedType } from './media-types';

/** Largest media we keep (WhatsApp's own limit for documents is far larger; this is a storage guard). */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Stores media and returns its public URL (unguessable id) on `baseUrl` (see `mediaBase`). The
 * declared type is kept only when passive; anything else is stored as application/octet-stream.
 */
export async function storeMedia(
  db: Db,
  pid: string,
  phoneId: number | null,
  m: MediaInput,
  now: number,
  baseUrl: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(media).values({
    id,
    pid,
    phoneId,
    mime: storedType(m.mime),
    filename: m.filename,
    size: m.data.byteLength,
    data: bytesToBase64(m.data),
    createdAt: now,
  });
  return `${baseUrl}/media/${id}/${encodeURIComponent(m.filename)}`;
}

export async function getMedia(db: Db, id: string) {
  return db.select().from(media).where(eq(media.id, id)).get();
}
