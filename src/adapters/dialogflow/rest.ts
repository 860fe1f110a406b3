import type { Config } from '../../config';
import type { DialogflowPort } from '../../services/dialogflow/port';
import { accessToken, DIALOGFLOW_SCOPE, type TokenCache } from './service-account-token';

interface DetectIntentResponse {
  queryResult?: { fulfillmentText?: string; fulfillmentMessages?: { text?: { text?: string[] } }[] };
  error?: { message?: string; status?: string };
}

/** The texts of a detectIntent answer: its text fulfillment messages, else the fulfillment text. */
function fulfillmentTexts(body: DetectIntentResponse): string[] {
  const result = body.queryResult ?? {};
  const texts = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim() !== '');
  if (texts.length) return texts;
  return result.fulfillmentText?.trim() ? [result.fulfillmentText] : [];
}

/** Dialogflow's REST API (v2 `projects.agent.sessions.detectIntent`) at the configured base URL. */
export function googleDialogflow(
  config: Pick<Config, 'DIALOGFLOW_URL' | 'GOOGLE_OAUTH_URL'>,
  fetcher: typeof fetch = fetch,
): DialogflowPort {
  const tokenUrl = `${config.GOOGLE_OAUTH_URL.replace(/\/+$/, '')}/token`;
  const base = config.DIALOGFLOW_URL.replace(/\/+$/, '');
  const tokens: TokenCache = new Map();
  return {
    async detectIntent(req) {
      const token = await accessToken(tokens, req.account, tokenUrl, DIALOGFLOW_SCOPE, req.now, fetcher);
      const url = `${base}/v2/projects/${encodeURIComponent(req.projectId)}/agent/sessions/${encodeURIComponent(req.sessionId)}:detectIntent`;
      const res = await fetcher(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          queryInput: { text: { text: req.text.slice(0, 256), languageCode: req.languageCode } },
        }),
      });
      const body = (await res.json().catch(() => ({}))) as DetectIntentResponse;
      if (!res.ok) throw new Error(`Dialogflow detectIntent failed: ${body.error?.message ?? `HTTP ${res.status}`}`);
      return fulfillmentTexts(body);
    },
  };
}
