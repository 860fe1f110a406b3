import { and, eq, sql } from 'drizzle-orm';
import { phones, type PhoneRow, type ProductRow } from '../../../db/schema';
import { GraphError, phoneNumberInfo } from '../../engines/cloud/graph';
import type { CloudAccount } from '../../engines/cloud/engine';
import { mapState } from '../phones/status-map';
import { ENGINE_VERSIONS } from '../../engines/capabilities';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { assertRoomForPhone, insertPhone } from '../phones/add';
import { serverBox } from '../secrets/box';
import { graphOptions } from './graph-options';

/** What `phones.data.cloud` holds for an official number: Meta's ids, its profile, the token sealed. */
interface CloudPhoneData {
  phone_number_id: string;
  waba_id: string;
  /** The access token, sealed with the server's box (bound to the phone number id). */
  token: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string | null;
}

const CLOUD_DUPLICATE_MESSAGE = 'This official number is already added.';
const CLOUD_ONLY_MESSAGE = 'This call is for official numbers (Cloud API) only.';

const boundTo = (phoneNumberId: string) => `cloud-token:${phoneNumberId}`;

/** The Cloud API data of a phone row, if it is an official number. */
function cloudDataOf(row: Pick<PhoneRow, 'engine' | 'data'>): CloudPhoneData | null {
  const d = row.engine === 'cloud' ? (row.data.cloud as CloudPhoneData | undefined) : undefined;
  return d?.phone_number_id ? d : null;
}

/** The enabled official number Meta calls `phone_number_id` (webhook routing). */
export async function cloudPhoneByNumberId(
  ctx: Pick<ServiceCtx, 'db'>,
  phoneNumberId: string,
): Promise<PhoneRow | undefined> {
  return ctx.db
    .select()
    .from(phones)
    .where(
      and(
        eq(phones.engine, 'cloud'),
        eq(phones.enabled, true),
        sql`json_extract(${phones.data}, '$.cloud.phone_number_id') = ${phoneNumberId}`,
      ),
    )
    .get();
}

/** An official number's account with its token opened (the engine's sessions and the template list read it). */
export async function cloudAccountOf(ctx: Pick<ServiceCtx, 'config' | 'cache'>, row: PhoneRow): Promise<CloudAccount> {
  const d = cloudDataOf(row);
  if (!d) throw new ApiError('CONFLICT', CLOUD_ONLY_MESSAGE);
  const box = await serverBox(ctx);
  let token: string;
  try {
    token = await box.open(d.token, boundTo(d.phone_number_id));
  } catch {
    throw new ApiError(
      'CONFLICT',
      "The official number's access token cannot be opened: SECRETS_KEY changed. Add the number again.",
    );
  }
  return {
    phoneNumberId: d.phone_number_id,
    wabaId: d.waba_id,
    token,
    number: d.display_phone_number.replace(/\D/g, ''),
    name: d.verified_name,
  };
}

/** The account of a phone by id (the engine's wiring), or null when it is not an official number. */
export async function cloudAccountById(
  ctx: Pick<ServiceCtx, 'db' | 'config' | 'cache'>,
  phoneId: number,
): Promise<CloudAccount | null> {
  const row = await ctx.db.select().from(phones).where(eq(phones.id, phoneId)).get();
  if (!row || !cloudDataOf(row)) return null;
  return cloudAccountOf(ctx, row);
}

export interface AddCloudPhone {
  phone_number_id: string;
  waba_id: string;
  access_token: string;
}

/**
 * Adds an official number: the token is checked with `GET /{phone_number_id}` (a refusal answers 422
 * with Meta's message and nothing is stored), then sealed and kept with the number's profile. The
 * phone counts against the phone limit like any other and starts `active`.
 */
export async function addCloudPhone(ctx: ServiceCtx, product: ProductRow, input: AddCloudPhone): Promise<PhoneRow> {
  if (product.settings.partner) throw new ApiError('FORBIDDEN', 'Partner accounts cannot add official numbers.');
  await assertRoomForPhone(ctx, product);
  const box = await serverBox(ctx);
  if (await cloudPhoneByNumberId(ctx, input.phone_number_id)) throw new ApiError('CONFLICT', CLOUD_DUPLICATE_MESSAGE);
  let info;
  try {
    info = await phoneNumberInfo(graphOptions(ctx.config), input.access_token, input.phone_number_id);
  } catch (err) {
    if (err instanceof GraphError && err.status !== 0 && err.status < 500)
      throw new ApiError('VALIDATION', err.message, { fields: { access_token: err.message } });
    throw new ApiError(
      'UNAVAILABLE',
      `The WhatsApp Cloud API did not answer: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const number = String(info.display_phone_number ?? '').replace(/\D/g, '');
  const cloud: CloudPhoneData = {
    phone_number_id: input.phone_number_id,
    waba_id: input.waba_id,
    token: await box.seal(input.access_token, boundTo(input.phone_number_id)),
    display_phone_number: info.display_phone_number ?? '',
    verified_name: info.verified_name ?? '',
    quality_rating: info.quality_rating ?? null,
  };
  const { status, flags } = mapState(
    { kind: 'active', me: { number, name: cloud.verified_name } },
    ENGINE_VERSIONS.cloud,
  );
  return insertPhone(
    ctx,
    {
      pid: product.id,
      engine: 'cloud',
      number: number || null,
      name: cloud.verified_name.slice(0, 200),
      meName: cloud.verified_name,
      sandbox: false,
      data: { cloud },
      state: flags,
    },
    status,
  );
}
