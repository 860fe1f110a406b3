import type { Config } from '../../config';
import type { GraphOptions } from '../../engines/cloud/graph';

/** Where the Graph API is, from the settings (`WHATSAPP_CLOUD_API_URL`, `WHATSAPP_CLOUD_API_VERSION`). */
export function graphOptions(
  config: Pick<Config, 'WHATSAPP_CLOUD_API_URL' | 'WHATSAPP_CLOUD_API_VERSION'>,
): GraphOptions {
  return { apiUrl: config.WHATSAPP_CLOUD_API_URL, version: config.WHATSAPP_CLOUD_API_VERSION };
}
