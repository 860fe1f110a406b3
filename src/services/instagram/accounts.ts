import type { PhoneRow, ProductRow } from '../../../db/schema';
import type { EngineName } from '../../engines/types';
import { ApiError } from '../../errors';
import { sealCommandSecret } from '../commands/secrets';
import { runCommand } from '../commands/commands';
import { INSTAGRAM_MSG } from '../../shared/instagram';
import { phoneChanged } from '../cache';
import type { ServiceCtx } from '../context';
import { insertPhone } from '../phones/add';
import { serverBox } from '../secrets/box';
import { DISABLED_MESSAGE } from '../phones/lifecycle';
import { assertRoomForInstagram } from './limits';

/** The engine new Instagram accounts get: the simulator where it runs (no real adapter yet), else none. */
function instagramEngine(ctx: ServiceCtx): EngineName | null {
  return ctx.config.simulator ? 'sim' : null;
}

/** Adds an Instagram account to a product; its session starts on the next runner tick and waits for a login. */
export async function addInstagram(ctx: ServiceCtx, product: ProductRow): Promise<PhoneRow> {
  const engine = instagramEngine(ctx);
  if (!engine) throw new ApiError('NOT_CONFIGURED', INSTAGRAM_MSG.unavailable);
  await assertRoomForInstagram(ctx, product);
  return insertPhone(ctx, { pid: product.id, type: 'instagram', engine });
}

export interface LoginInput {
  username: string;
  password: string;
  code?: string | undefined;
}

/** What the login call answers (3-developer §7): logged in, a code is needed, or Instagram's refusal. */
export type LoginAnswer =
  { success: true } | { success: false; code_required: true } | { success: false; error: string };

/** Logs an Instagram account in through the runner that hosts its session. */
export async function loginInstagram(ctx: ServiceCtx, phone: PhoneRow, input: LoginInput): Promise<LoginAnswer> {
  if (phone.type !== 'instagram') throw new ApiError('BAD_REQUEST', INSTAGRAM_MSG.notInstagram);
  if (!phone.enabled) throw new ApiError('CONFLICT', DISABLED_MESSAGE);
  const code = input.code?.trim();
  // The credentials travel to the runner sealed with the server's key (501 where none is set), never in plain text.
  const box = await serverBox(ctx);
  const sealed = await sealCommandSecret(box, phone.id, 'instagram-login', {
    username: input.username.trim(),
    password: input.password,
    ...(code ? { code } : {}),
  });
  const outcome = await runCommand(ctx, phone.id, 'instagram-login', { sealed });
  if (outcome.ok) {
    phoneChanged(ctx, phone);
    return { success: true };
  }
  return 'codeRequired' in outcome ? { success: false, code_required: true } : { success: false, error: outcome.error };
}
