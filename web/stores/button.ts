import type { z } from 'zod';
import type { buttonSettingsAnswer, ButtonSettingsInput } from '../../src/shared/schemas/console/button';
import { apiGet, apiPost } from '../lib/api';
import { getConfig } from '../lib/bootstrap';

/** The /button page's data: the chat-button settings saved to the account (they follow it to any browser). */

type Answer = z.infer<typeof buttonSettingsAnswer>;

const path = () => `/api/${getConfig().brand}/buttonSettings`;

/** The saved settings; null before the first save. */
export async function loadButtonSettings(): Promise<ButtonSettingsInput | null> {
  return (await apiGet<Answer>(path())).settings;
}

/** Saves the settings to the account; answers what the server kept. */
export async function saveButtonSettings(settings: ButtonSettingsInput): Promise<ButtonSettingsInput | null> {
  return (await apiPost<Answer>(path(), settings)).settings;
}
