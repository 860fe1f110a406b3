import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../web/components/Button';
import { Modal } from '../web/components/Modal';

const meta = { title: 'Primitives/Modal', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function Demo({ kind }: { kind?: 'dialog' | 'alert' }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open the dialog</Button>
      <Modal
        open={open}
        kind={kind}
        title="Factory Reset"
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => setOpen(false)}>
              Factory Reset
            </Button>
          </>
        }
      >
        <p>
          Focus stays inside while it is open; Escape or a click on the backdrop closes it and focus returns to the
          button.
        </p>
      </Modal>
    </>
  );
}

export const Dialog: Story = { render: () => <Demo /> };
export const AlertDialog: Story = { render: () => <Demo kind="alert" /> };
