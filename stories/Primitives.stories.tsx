import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Alert } from '../web/components/Alert';
import { Button } from '../web/components/Button';
import { Card } from '../web/components/Card';
import { Checkbox } from '../web/components/Checkbox';
import { Loader } from '../web/components/Loader';
import { SelectField } from '../web/components/SelectField';
import { MSG } from '../web/lib/messages';

const meta = { title: 'Primitives/Others', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Alerts: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, maxWidth: 520 }}>
      <Alert tone="success">{MSG.passwordChanged}</Alert>
      <Alert tone="error">{MSG.loginFailed}</Alert>
      <Alert tone="info">{MSG.googlePassword}</Alert>
    </div>
  ),
};

export const Cards: Story = {
  render: () => (
    <div style={{ maxWidth: 520 }}>
      <Card title="Personal info" description="How we address you, and how to reach you.">
        <Button>Save</Button>
      </Card>
    </div>
  ),
};

function CheckboxDemo({ error }: { error?: string }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox label="I agree to the Terms and Conditions." checked={checked} onChange={setChecked} error={error} />
  );
}
export const Checkboxes: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <CheckboxDemo />
      <CheckboxDemo error={MSG.consentRequired} />
    </div>
  ),
};

function SelectDemo() {
  const [value, setValue] = useState('');
  const options = [
    { value: 'DE', text: 'Germany' },
    { value: 'TR', text: 'Türkiye' },
    { value: 'US', text: 'United States' },
  ];
  return (
    <div style={{ maxWidth: 320 }}>
      <SelectField label="Country" value={value} onChange={setValue} options={options} placeholder="Select a country" />
    </div>
  );
}
export const Select: Story = { render: () => <SelectDemo /> };

export const Loading: Story = { render: () => <Loader /> };
