import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField } from '../web/components/TextField';
import { SimForm } from '../web/pages/simulator/SimForm';
import { maxWidth } from './decorators';

const meta = {
  title: 'Simulator/Control',
  parameters: { layout: 'padded' },
  decorators: [maxWidth(420)],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ok = () => new Promise<string>((r) => setTimeout(() => r('Linked as +905550000107.'), 500));
const fails = () =>
  new Promise<string>((_, reject) =>
    setTimeout(
      () => reject(new Error('No phone is showing this QR code (it may have changed: QR codes rotate).')),
      500,
    ),
  );

export const Scan: Story = {
  render: () => (
    <SimForm title="Scan QR code" description="Scans the QR code the phone shows now." submitLabel="Scan" onRun={ok}>
      <TextField label="Number (optional)" value="" onChange={() => undefined} />
    </SimForm>
  ),
};
export const ScanFails: Story = {
  render: () => (
    <SimForm
      title="Scan QR code"
      description="Scans the QR code the phone shows now."
      submitLabel="Scan"
      hint="The phone is not showing a QR code right now."
      onRun={fails}
    />
  ),
};
