import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { TextField, type TextFieldProps } from '../web/components/TextField';
import { MSG } from '../web/lib/messages';

function Controlled(props: Omit<TextFieldProps, 'value' | 'onChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <div style={{ width: 360, padding: 24 }}>
      <TextField {...rest} value={value} onChange={setValue} />
    </div>
  );
}

const meta = {
  title: 'Primitives/TextField',
  component: Controlled,
  args: { label: 'E-mail', type: 'email', name: 'email' },
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true, hint: 'We never share your address.' } };
export const WithError: Story = { args: { required: true, initial: 'not-an-email', error: MSG.emailInvalid } };
export const ReadOnly: Story = {
  args: { initial: 'demo@wapi.dev', readOnly: true, hint: 'The e-mail address cannot be changed.' },
};
