import { useEffect, useRef, useState } from 'react';

/** How long a save button reads 'Saved' or 'Error' before it says 'Save' again (3-developer §4, §9). */
export const RESULT_LABEL_MS = 2_000;

export type SaveResult = 'saved' | 'error' | null;

/** `[result, show]`: the outcome of the last save, cleared RESULT_LABEL_MS after `show`. */
export function useResultLabel(): [SaveResult, (r: Exclude<SaveResult, null>) => void] {
  const [result, setResult] = useState<SaveResult>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (r: Exclude<SaveResult, null>) => {
    clearTimeout(timer.current);
    setResult(r);
    timer.current = setTimeout(() => setResult(null), RESULT_LABEL_MS);
  };
  return [result, show];
}

/** The label of a save button for a result. */
export function resultLabel(result: SaveResult, idle = 'Save'): string {
  return result === 'saved' ? 'Saved' : result === 'error' ? 'Error' : idle;
}
