import { atom } from 'nanostores';
import { ApiError } from '../../lib/api';
import { getConfig } from '../../lib/bootstrap';
import { saveFile } from '../../lib/developers';
import { errorMessage } from '../../lib/messaging-api';
import { fetchPhones } from '../phones';

/** The OpenAPI document of the messaging API (`GET /api/openapi.json`), only the parts the docs page reads. */
export interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  requestBody?: { content?: Record<string, { examples?: Record<string, { value: unknown }> }> };
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The samples' phone id until the phones have loaded (or when there is none). */
const PHONE_ID_PLACEHOLDER = '{phone_id}';

/** The phone id the documentation samples use: the first active phone, else the first phone. */
export const $samplePhoneId = atom(PHONE_ID_PLACEHOLDER);
/** The messaging API's OpenAPI document; null until loaded. */
export const $openApi = atom<OpenApiDocument | null>(null);
export const $openApiError = atom('');

async function fetchOpenApi(): Promise<OpenApiDocument> {
  const res = await fetch('/api/openapi.json', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new ApiError(`${res.status} ${res.statusText}`.trim(), res.status);
  return (await res.json()) as OpenApiDocument;
}

/** Loads what the documentation page shows: the sample phone id and the API document. */
export function openDocumentation(): void {
  $samplePhoneId.set(PHONE_ID_PLACEHOLDER);
  $openApi.set(null);
  $openApiError.set('');
  fetchPhones()
    .then((list) => {
      const pick = list.find((p) => p.status === 'active') ?? list[0];
      if (pick) $samplePhoneId.set(String(pick.id));
    })
    .catch((e: unknown) => console.warn('phones', e));
  fetchOpenApi()
    .then((doc) => $openApi.set(doc))
    .catch((e: unknown) => $openApiError.set(errorMessage(e)));
}

/** The id of the product's first phone, null without phones (the Postman collection is filled with it). */
export async function firstPhoneId(): Promise<number | null> {
  return (await fetchPhones())[0]?.id ?? null;
}

/** `GET /api/{brand}/postman?phone_id=`: saves the collection with the product id, token and phone id filled in. */
export async function downloadPostman(phoneId: number | null): Promise<void> {
  const brand = getConfig().brand;
  const res = await fetch(`/api/${brand}/postman${phoneId === null ? '' : `?phone_id=${phoneId}`}`, {
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(body?.message || `${res.status} ${res.statusText}`.trim(), res.status, Boolean(body?.message));
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `${brand}-api.postman_collection.json`;
  saveFile(name, await res.blob());
}
