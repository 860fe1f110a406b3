import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BILLING_MSG } from '../src/shared/billing/messages';
import { QuickUpdateModal } from '../web/pages/phones/QuickUpdateModal';
import { entry, PREVIEW } from './billing-fixtures';

const meta = { title: 'Billing/Quick update (phones page)', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const wait = (ms = 500) => new Promise<void>((r) => setTimeout(r, ms));
const preview = async (quantity: number) => {
  await wait();
  return { ...PREVIEW, next_payment: { ...PREVIEW.next_payment, amount: quantity * 30 } };
};
const fails = (text: string) => async () => {
  await wait();
  throw new Error(text);
};

/** At the phone limit with an eligible plan: pick the quantity, read the preview, pay. */
export const MakeRoomForANewPhone: Story = {
  render: () => (
    <QuickUpdateModal
      sub={entry()}
      activateLabel={null}
      loadPreview={preview}
      onConfirm={async () => {
        await wait();
        return BILLING_MSG.updateOk;
      }}
      onPreviewError={fn()}
      onClose={fn()}
    />
  ),
};

/** Enabling a disabled phone at the limit: the raise enables it. */
export const EnableADisabledPhone: Story = {
  render: () => (
    <QuickUpdateModal
      sub={entry()}
      activateLabel="phone Sales (102)"
      loadPreview={preview}
      onConfirm={async () => BILLING_MSG.updateOk}
      onPreviewError={fn()}
      onClose={fn()}
    />
  ),
};

/** The server refuses: its message (or 'Update process failed') in red. */
export const UpdateFails: Story = {
  render: () => (
    <QuickUpdateModal
      sub={entry()}
      activateLabel={null}
      loadPreview={preview}
      onConfirm={fails(BILLING_MSG.updateFailed)}
      onPreviewError={fn()}
      onClose={fn()}
    />
  ),
};

/** No answer from the server. */
export const NetworkFailure: Story = {
  render: () => (
    <QuickUpdateModal
      sub={entry()}
      activateLabel={null}
      loadPreview={preview}
      onConfirm={fails(BILLING_MSG.network)}
      onPreviewError={fn()}
      onClose={fn()}
    />
  ),
};

/** The preview fails: the dialog closes and the page shows the message. */
export const PreviewFails: Story = {
  render: () => (
    <QuickUpdateModal
      sub={entry()}
      activateLabel={null}
      loadPreview={fails(BILLING_MSG.previewFailed)}
      onConfirm={fn()}
      onPreviewError={fn()}
      onClose={fn()}
    />
  ),
};
