import { phoneTitle, type Phone } from '../lib/phones';
import { SelectField } from './SelectField';

type Pickable = Pick<Phone, 'id' | 'name' | 'number'>;

/** How a phone reads in the picker: its id, then its title. */
export function phoneOptionText(p: Pickable): string {
  return `${p.id} – ${phoneTitle(p)}`;
}

export interface PhonePickerProps<P extends Pickable> {
  phones: readonly P[];
  /** The chosen phone's id as text; '' for none. */
  value: string;
  onChange: (id: string) => void;
  /** The first option, standing for no phone ('All phones', 'Select a phone'); none when left out. */
  placeholder?: string;
  disabled?: boolean;
  /** How each phone reads; `id – title` by default. */
  optionText?: (p: P) => string;
}

/** The one phone select of the console's pages, labelled 'Phone'. */
export function PhonePicker<P extends Pickable>({
  phones,
  value,
  onChange,
  placeholder,
  disabled,
  optionText = phoneOptionText,
}: PhonePickerProps<P>) {
  return (
    <SelectField
      label="Phone"
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      disabled={disabled}
      options={phones.map((p) => ({ value: String(p.id), text: optionText(p) }))}
    />
  );
}
