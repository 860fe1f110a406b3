import { useEffect, useRef, useState } from 'react';
import { MSG } from '../lib/messages';
import { Button } from './Button';

/** How long a Save button says 'Saved' before reverting (2-phones §2.5). */
export const SAVED_LABEL_MS = 2000;

/** `[saved, markSaved]`: `saved` is true for SAVED_LABEL_MS after `markSaved()`. */
export function useSavedLabel(): [boolean, () => void] {
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const mark = () => {
    clearTimeout(timer.current);
    setSaved(true);
    timer.current = setTimeout(() => setSaved(false), SAVED_LABEL_MS);
  };
  return [saved, mark];
}

export interface SaveButtonProps {
  saving: boolean;
  saved: boolean;
  label?: string;
  disabled?: boolean;
}

/** A submit button that shows 'Saved' after a successful save. */
export function SaveButton({ saving, saved, label = 'Save', disabled }: SaveButtonProps) {
  return (
    <Button type="submit" loading={saving} disabled={disabled}>
      {saved ? MSG.saved : label}
    </Button>
  );
}
