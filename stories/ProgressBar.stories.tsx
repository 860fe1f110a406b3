import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from '../web/components/ProgressBar';
import { maxWidth } from './decorators';

const meta = {
  title: 'Primitives/ProgressBar',
  component: ProgressBar,
  parameters: { layout: 'padded' },
  args: { value: 20, label: 'Phone instance', stage: 'starting' },
  decorators: [maxWidth(480)],
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Starting: Story = {};
export const InstanceCreating: Story = { args: { value: 50, stage: 'instance creating' } };
export const InstanceCreated: Story = { args: { value: 80, stage: 'instance created' } };
export const Ready: Story = { args: { value: 100, stage: 'ready' } };
