import { phoneOptionText } from '../../components/PhonePicker';
import type { Phone } from '../../lib/phones';

export interface PhoneChoiceProps {
  legend: string;
  phones: readonly Phone[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** At most this many may be chosen; the rest are disabled once it is reached. */
  max: number;
}

/** Check boxes for the phones an update activates or disables (1-console §4 Changes). */
export function PhoneChoice({ legend, phones, selected, onChange, max }: PhoneChoiceProps) {
  const full = selected.length >= max;
  return (
    <fieldset className="w-phone-choice">
      <legend className="w-field__label">
        {legend} ({selected.length}/{max})
      </legend>
      {phones.map((p) => {
        const on = selected.includes(p.id);
        return (
          <label key={p.id} className="w-phone-choice__item">
            <input
              type="checkbox"
              checked={on}
              disabled={!on && full}
              onChange={() => onChange(on ? selected.filter((id) => id !== p.id) : [...selected, p.id])}
            />
            {phoneOptionText(p)}
          </label>
        );
      })}
    </fieldset>
  );
}
