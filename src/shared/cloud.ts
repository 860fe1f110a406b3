/** Words about official numbers (engine cloud) shared by the console and the server. */

/** What the console says of a message Meta refused outside the 24-hour customer-service window (131047). */
export const TEMPLATE_NEEDED =
  'A template is needed: more than 24 hours have passed since the customer last wrote, and Meta accepts only an approved template (type "template") until they write again.';

/** Whether a failure is Meta's 131047 (free text outside the 24-hour window). */
export function needsTemplate(error: string | null | undefined): boolean {
  return typeof error === 'string' && error.includes('131047');
}
