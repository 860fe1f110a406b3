import { GraphError, messageTemplates, type CloudTemplate } from '../../engines/cloud/graph';
import type { PhoneRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { cloudAccountOf } from './accounts';
import { graphOptions } from './graph-options';

/** The message templates of an official number's WhatsApp Business Account (`GET /{waba_id}/message_templates`). */
export async function listTemplates(ctx: ServiceCtx, phone: PhoneRow): Promise<CloudTemplate[]> {
  const account = await cloudAccountOf(ctx, phone);
  try {
    const list = await messageTemplates(graphOptions(ctx.config), account.token, account.wabaId);
    return list.map((t) => ({
      id: String(t.id ?? ''),
      name: String(t.name ?? ''),
      language: String(t.language ?? ''),
      status: String(t.status ?? ''),
      category: String(t.category ?? ''),
      components: Array.isArray(t.components) ? t.components : [],
    }));
  } catch (err) {
    if (err instanceof GraphError && err.status !== 0 && err.status < 500)
      throw new ApiError('VALIDATION', err.message);
    throw new ApiError(
      'UNAVAILABLE',
      `The WhatsApp Cloud API did not answer: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
