import { eq } from 'drizzle-orm';
import { optoutSettings } from '../../../db/schema';
import type { OptoutSettings } from '../../shared/schemas/optouts';
import type { ServiceCtx } from '../context';
import { BUILT_IN_WORDS, normalWord } from './keywords';

function wordsOf(json: string | undefined): string[] {
  try {
    const words: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

const answer = (words: string[]): Omit<OptoutSettings, 'success'> => ({ words, built_in: [...BUILT_IN_WORDS] });

/** The product's opt-out words besides STOP and UNSUBSCRIBE (lower case). */
export async function getOptoutWords(ctx: ServiceCtx, pid: string) {
  const row = await ctx.db.select().from(optoutSettings).where(eq(optoutSettings.pid, pid)).get();
  return answer(wordsOf(row?.words));
}

/**
 * Replaces the product's words, kept in the form incoming messages are compared in (normalWord):
 * repeats and the built-in words are dropped, so the transaction that reads them matches exactly.
 */
export async function setOptoutWords(ctx: ServiceCtx, pid: string, input: readonly string[]) {
  const words = [...new Set(input.map(normalWord))].filter((w) => !(BUILT_IN_WORDS as readonly string[]).includes(w));
  const json = JSON.stringify(words);
  await ctx.db
    .insert(optoutSettings)
    .values({ pid, words: json })
    .onConflictDoUpdate({ target: optoutSettings.pid, set: { words: json } });
  return answer(words);
}
