import { countOf } from '../../../src/shared/format';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';

export interface AddPhoneButtonProps {
  /** Phones that count against the limit. */
  current: number;
  /** The product's phone limit. */
  total: number;
  adding: boolean;
  onAdd: () => void;
}

/** Adds a phone; shows how many of the phone limit are in use (2-phones §2.1). */
export function AddPhoneButton({ current, total, adding, onAdd }: AddPhoneButtonProps) {
  return (
    <Button onClick={onAdd} loading={adding}>
      {!adding && <Icon name="plus" size={18} />}
      Add Phone
      <span className="w-addphone__count" aria-hidden="true">
        {current}/{total}
      </span>
      <span className="w-sr-only">
        ({current} of {countOf(total, 'phone')} used)
      </span>
    </Button>
  );
}
