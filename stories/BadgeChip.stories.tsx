import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, Chip } from '../web/components/Badge';

const meta = { title: 'Primitives/Badge and Chip', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const TONES = ['success', 'info', 'warning', 'danger', 'neutral'] as const;

export const Badges: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Badge tone="danger">40%</Badge>
      <Badge tone="success">100%</Badge>
      <Badge tone="warning" label="12 queued messages">
        12
      </Badge>
      <Badge>3</Badge>
    </div>
  ),
};

export const Chips: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {TONES.map((t) => (
        <Chip key={t} tone={t} dot>
          {t}
        </Chip>
      ))}
      <Chip tone="info">sandbox</Chip>
      <Chip>Proxy: India</Chip>
    </div>
  ),
};
