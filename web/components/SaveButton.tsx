import type { Action } from '../lib/use-action';
import { Button } from './Button';

export interface SaveButtonProps {
  /** The save's state: busy while saving, its label reads 'Saved' for a while after a save. */
  action: Pick<Action<never[]>, 'busy' | 'savedLabel'>;
  disabled?: boolean;
}

/** A submit button that shows 'Saved' after a successful save. */
export function SaveButton({ action, disabled }: SaveButtonProps) {
  return (
    <Button type="submit" loading={action.busy} disabled={disabled}>
      {action.savedLabel}
    </Button>
  );
}
