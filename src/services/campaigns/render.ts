import { ApiError } from '../../errors';
import type { CampaignMessage } from '../../shared/schemas/campaigns';

const PLACEHOLDER = /\{\{\s*([\w.-]{1,64})\s*\}\}/g;

/** Every string of a message (its text, caption, template parameters), wherever it sits. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The variables a message uses (`{{name}}`), once each. */
export function placeholdersOf(message: CampaignMessage): string[] {
  const names = new Set<string>();
  for (const s of strings(message)) for (const m of s.matchAll(PLACEHOLDER)) names.add(m[1]!);
  return [...names];
}

/**
 * A missing variable is refused when the campaign is created (422 naming the variable and the first
 * recipient that lacks it), so that no customer ever reads `{{name}}`. An empty string is a value.
 */
export function assertVariables(
  names: readonly string[],
  recipients: readonly { variables: Record<string, unknown> }[],
  field = 'recipients',
): void {
  if (!names.length) return;
  for (let i = 0; i < recipients.length; i++) {
    const vars = recipients[i]!.variables;
    const missing = names.find((n) => vars[n] === undefined || vars[n] === null);
    if (missing !== undefined) {
      throw new ApiError(
        'VALIDATION',
        `${field}[${i}] has no variable "${missing}", which the message uses ({{${missing}}}).`,
        { fields: { [`${field}[${i}].variables.${missing}`]: 'missing' } },
      );
    }
  }
}

function fill(text: string, vars: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (vars[name] === undefined ? whole : String(vars[name])));
}

function renderValue(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === 'string') return fill(value, vars);
  if (Array.isArray(value)) return value.map((v) => renderValue(v, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, vars)]));
  return value;
}

/** The message one recipient gets: its variables in the text, the caption or the template's parameters. */
export function renderMessage(message: CampaignMessage, vars: Record<string, unknown>): CampaignMessage {
  return renderValue(message, vars) as CampaignMessage;
}
