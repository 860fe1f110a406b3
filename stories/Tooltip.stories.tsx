import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../web/components/Button';
import { IconButton } from '../web/components/IconButton';
import { Tooltip } from '../web/components/Tooltip';

const meta = { title: 'Primitives/Tooltip', parameters: { layout: 'centered' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Hover or focus the button: the hint describes it (aria-describedby). */
export const OnAButton: Story = {
  render: () => (
    <Tooltip text="Opens the phone's live screen in a new tab">
      <Button variant="secondary">Screen</Button>
    </Tooltip>
  ),
};

/** Icon buttons are named by their label, which the tooltip shows. */
export const IconButtons: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, paddingTop: 40 }}>
      <IconButton icon="copy" label="Copy screen URL" onClick={fn()} />
      <IconButton icon="redeploy" label="Redeploy" onClick={fn()} />
      <IconButton icon="refresh" label="Refresh screen" onClick={fn()} />
      <IconButton icon="refresh" label="Refresh screen (locked)" disabled />
    </div>
  ),
};
