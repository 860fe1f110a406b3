import { useEffect, useId, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { OPTOUT_WORD_MAX_LENGTH, OPTOUT_WORDS_MAX } from '../../../src/shared/optout-limits';
import { useAction } from '../../lib/use-action';

export interface OptoutWordsProps {
  /** The product's words; null while they load. */
  words: string[] | null;
  onSave: (words: string[]) => Promise<string[]>;
}

/** Words typed as a list: separated by commas or new lines. */
export const wordsIn = (text: string) =>
  text
    .split(/[,\n]+/)
    .map((w) => w.trim())
    .filter(Boolean);

/** Why a list of words cannot be saved ('' when it can). */
export function wordsProblem(words: string[]): string {
  if (words.length > OPTOUT_WORDS_MAX) return `At most ${OPTOUT_WORDS_MAX} words.`;
  const long = words.find((w) => w.length > OPTOUT_WORD_MAX_LENGTH);
  return long ? `"${long}" is longer than ${OPTOUT_WORD_MAX_LENGTH} characters.` : '';
}

/** The product's own opt-out words, besides STOP and UNSUBSCRIBE. */
export function OptoutWords({ words, onSave }: OptoutWordsProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  useEffect(() => setText((words ?? []).join(', ')), [words]);
  const list = wordsIn(text);
  const problem = wordsProblem(list);
  const save = useAction(async () => void (await onSave(list)), { errorLabel: true });
  return (
    <form
      className="w-optout-add"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) void save.run();
      }}
    >
      <label className="w-field__label" htmlFor={inputId}>
        Your opt-out words
      </label>
      <p className="w-muted">
        STOP and UNSUBSCRIBE always opt a customer out. Add words in your customers&apos; language (up to{' '}
        {OPTOUT_WORDS_MAX}, separated by commas): a message that is exactly one of them, in any case, opts its sender
        out.
      </p>
      <input
        id={inputId}
        className="w-input"
        placeholder="e.g. DUR, İPTAL"
        value={text}
        disabled={words === null}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {problem && <Alert tone="error">{problem}</Alert>}
      {save.error && <Alert tone="error">{save.error}</Alert>}
      <Button
        type="submit"
        size="sm"
        loading={save.busy}
        disabled={words === null || !!problem}
        variant={save.outcome === 'error' ? 'danger' : 'primary'}
      >
        {save.savedLabel}
      </Button>
    </form>
  );
}
