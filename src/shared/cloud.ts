/** Words about official numbers (engine cloud) shared by the console and the server. */

/** What the console says of a message Meta refused outside the 24-hour customer-service window (131047). */
export const TEMPLATE_NEEDED =
  'A template is needed: more than 24 hours have passed since the customer last wrote, and Meta accepts only an approved template (type "template") until they write again.';

/** Whether a failure is Meta's 131047 (free text outside the 24-hour window). */
export function needsTemplate(error: string | null | undefined): boolean {
  return typeof error === 'string' && error.includes('131047');
}

/** A sent template as people read it: its name, its language code and its parameters' values in order. */
export type TemplateSummary = {
  name: string;
  language: string;
  parameters: string[];
};

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** One parameter's value: its text, a currency's or date's fallback, a button's payload, else its kind (image, document). */
function parameterValue(p: Record<string, unknown>): string {
  const type = str(p.type);
  const part = (p[type] ?? {}) as Record<string, unknown>;
  if (type === 'text') return str(p.text);
  if (type === 'currency' || type === 'date_time') return str(part.fallback_value) || type;
  if (type === 'payload') return str(p.payload);
  if (type === 'document') return str(part.filename) || type;
  return type || 'parameter';
}

/** The name, language and parameters of a sendMessage body's `template` (null when it has none). */
export function templateSummary(template: unknown): TemplateSummary | null {
  if (!template || typeof template !== 'object') return null;
  const t = template as { name?: unknown; language?: unknown; components?: unknown };
  const name = str(t.name);
  if (!name) return null;
  const language =
    typeof t.language === 'object' && t.language ? str((t.language as { code?: unknown }).code) : str(t.language);
  const parameters: string[] = [];
  for (const c of Array.isArray(t.components) ? t.components : []) {
    const list = (c as { parameters?: unknown })?.parameters;
    for (const p of Array.isArray(list) ? list : [])
      if (p && typeof p === 'object') parameters.push(parameterValue(p as Record<string, unknown>));
  }
  return { name, language, parameters: parameters.filter(Boolean) };
}

/** A template's line in a chat list or a chat: `Template order_update: #1234, $12.50`. */
export function templateText(s: TemplateSummary): string {
  return `Template ${s.name}${s.parameters.length ? `: ${s.parameters.join(', ')}` : ''}`;
}
