import { eq } from 'drizzle-orm';
import { buttonSettings } from '../../../db/schema';
import { buttonSettings as settingsSchema, type ButtonSettingsInput } from '../../shared/schemas/console/button';
import type { ServiceCtx } from '../context';

/** A product's saved chat-button settings; null before the first save (or if a stored row no longer reads). */
export async function getButtonSettings(ctx: ServiceCtx, pid: string): Promise<ButtonSettingsInput | null> {
  const row = await ctx.db.select().from(buttonSettings).where(eq(buttonSettings.pid, pid)).get();
  const parsed = row ? settingsSchema.safeParse(row.settings) : null;
  return parsed?.success ? parsed.data : null;
}

/** Replaces a product's chat-button settings (already checked by the route's schema). */
export async function saveButtonSettings(
  ctx: ServiceCtx,
  pid: string,
  settings: ButtonSettingsInput,
): Promise<ButtonSettingsInput> {
  const at = ctx.now();
  await ctx.db
    .insert(buttonSettings)
    .values({ pid, settings, updatedAt: at })
    .onConflictDoUpdate({ target: buttonSettings.pid, set: { settings, updatedAt: at } })
    .run();
  return settings;
}
