import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Snackbar, type SnackbarItem } from '../web/components/Snackbar';

const meta = { title: 'Primitives/Snackbar', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ITEMS: SnackbarItem[] = [
  { id: 1, text: 'Phone 101 is restarted.', tone: 'success' },
  { id: 2, text: 'Screen URL copied.', tone: 'info' },
  { id: 3, text: 'The phone is disabled. Enable it first.', tone: 'error' },
];

function Demo({ place }: { place?: 'top' | 'bottom' }) {
  const [items, setItems] = useState(ITEMS);
  return (
    <div style={{ minHeight: 320 }}>
      <Snackbar items={items} place={place} onDismiss={(id) => setItems(items.filter((t) => t.id !== id))} />
    </div>
  );
}

export const Toasts: Story = { render: () => <Demo /> };

/** Under the header at the right, as on the Multi Number Checker (its Check Numbers button sits at the bottom). */
export const ToastsOnTop: Story = { render: () => <Demo place="top" /> };
