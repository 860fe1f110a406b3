import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ToggleGroup } from '../web/components/ToggleGroup';

const meta = { title: 'Primitives/ToggleGroup', parameters: { layout: 'centered' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function Demo() {
  const [view, setView] = useState<'qr' | 'screen'>('qr');
  return (
    <ToggleGroup
      label="View"
      value={view}
      onChange={setView}
      options={[
        { value: 'qr', label: 'QR-Code', icon: 'qr' },
        { value: 'screen', label: 'Screen', icon: 'monitor' },
      ]}
    />
  );
}

export const QrOrScreen: Story = { render: () => <Demo /> };
