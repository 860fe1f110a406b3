import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { PhonePicker, type PhonePickerProps } from '../../components/PhonePicker';
import type { Phone } from '../../lib/phones';
import { $toolPhonesError } from '../../stores/tools';

/** Why a phone tool shows no picker (our words: the spec shows an empty select). */
export const NO_ACTIVE_PHONE =
  'You have no active phone. This tool works through one of your WhatsApp phones: link one first, then come back.';
export const NO_ACTIVE_PHONE_LINK = 'Go to Manage Phones';

type Pickable = Pick<Phone, 'id' | 'name' | 'number'>;

export interface ToolPhonePickerProps<P extends Pickable> extends Omit<PhonePickerProps<P>, 'phones'> {
  /** The phones the tool may use; null while they load. */
  phones: readonly P[] | null;
}

/**
 * The picker of the tools that work through a phone. With none to pick it says why and links to
 * /phones instead of an empty select; when the list could not be loaded it says that instead.
 */
export function ToolPhonePicker<P extends Pickable>({ phones, ...picker }: ToolPhonePickerProps<P>) {
  const failed = useStore($toolPhonesError);
  if (failed) return <Alert tone="error">{failed}</Alert>;
  if (phones && phones.length === 0) {
    return (
      <Alert tone="info">
        {NO_ACTIVE_PHONE} <Link href="/phones">{NO_ACTIVE_PHONE_LINK}</Link>
      </Alert>
    );
  }
  return <PhonePicker {...picker} phones={phones ?? []} disabled={picker.disabled || phones === null} />;
}
