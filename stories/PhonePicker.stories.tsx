import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PhonePicker } from '../web/components/PhonePicker';
import { phoneTitle } from '../web/lib/phones';
import { PHONES } from './phone-fixtures';

const meta = { title: 'Primitives/PhonePicker', parameters: { layout: 'centered' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function Demo({
  initial = '',
  placeholder,
  disabled,
  simulator,
}: {
  initial?: string;
  placeholder?: string;
  disabled?: boolean;
  simulator?: boolean;
}) {
  const [id, setId] = useState(initial);
  return (
    <div style={{ width: 320 }}>
      <PhonePicker
        phones={disabled ? [] : PHONES}
        value={id}
        onChange={setId}
        placeholder={placeholder}
        disabled={disabled}
        {...(simulator ? { optionText: (p: (typeof PHONES)[number]) => `${phoneTitle(p)} · ID ${p.id}` } : {})}
      />
    </div>
  );
}

/** The group action logs' filter: every phone, or one. */
export const AllPhones: Story = { render: () => <Demo placeholder="All phones" /> };
/** The group info page: nothing shows until a phone is chosen. */
export const SelectAPhone: Story = { render: () => <Demo placeholder="Select a phone" /> };
/** No phone to offer: the picker is disabled. */
export const NoPhones: Story = { render: () => <Demo placeholder="Select a phone" disabled /> };
/** The simulator's picker: title first, always one phone chosen. */
export const Simulator: Story = { render: () => <Demo initial="101" simulator /> };
