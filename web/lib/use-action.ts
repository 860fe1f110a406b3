import { useEffect, useRef, useState } from 'react';
import { MSG } from './messages';
import { errorMessage } from './messaging-api';

/** How long a button reads 'Saved' (or 'Error') before it says its own label again (2-phones §2.5; 3-developer §4, §9). */
const SAVED_LABEL_MS = 2_000;
/** The label a developer form's button shows after a failed save (3-developer §4). */
const ERROR_LABEL = 'Error';

/** What the last run came to, shown for SAVED_LABEL_MS; null otherwise. */
type ActionOutcome = 'saved' | 'error' | null;

export interface ActionOptions {
  /** The button's own label. */
  label?: string;
  /** A failure also reads 'Error' on the button for SAVED_LABEL_MS (the developer forms). */
  errorLabel?: boolean;
  /** The text of a failure: the API's message by default. */
  errorText?: (e: unknown) => string;
  /** Called with the failure's text as well, e.g. to show it in a toast. */
  onError?: (text: string) => void;
}

export interface Action<A extends unknown[]> {
  /** Runs the work; resolves true when it succeeded and false when it failed (it never rejects). */
  run: (...args: A) => Promise<boolean>;
  busy: boolean;
  /** The last failure's text, '' after a success or `clearError()`. */
  error: string;
  outcome: ActionOutcome;
  /** The button label: 'Saved' (or 'Error') for SAVED_LABEL_MS after a run, else the own label. */
  savedLabel: string;
  clearError: () => void;
}

/** Busy, error and saved-label state of one user action (a save, a send, a clear) around `work`. */
export function useAction<A extends unknown[]>(
  work: (...args: A) => Promise<unknown>,
  options: ActionOptions = {},
): Action<A> {
  const { label = 'Save', errorLabel = false, errorText = errorMessage, onError } = options;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(work);
  latest.current = work;
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (o: Exclude<ActionOutcome, null>) => {
    clearTimeout(timer.current);
    setOutcome(o);
    timer.current = setTimeout(() => setOutcome(null), SAVED_LABEL_MS);
  };
  const run = async (...args: A): Promise<boolean> => {
    setBusy(true);
    setError('');
    try {
      await latest.current(...args);
      show('saved');
      return true;
    } catch (e) {
      const text = errorText(e);
      setError(text);
      onError?.(text);
      if (errorLabel) show('error');
      return false;
    } finally {
      setBusy(false);
    }
  };
  const savedLabel = outcome === 'saved' ? MSG.saved : outcome === 'error' && errorLabel ? ERROR_LABEL : label;
  return { run, busy, error, outcome, savedLabel, clearError: () => setError('') };
}
