import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../web/components/Button';
import { ApiError } from '../web/lib/api';
import { PHONE_MSG } from '../web/lib/phone-messages';
import { ChangeName } from '../web/pages/phones/ChangeName';
import { ConnectWithPhoneNumber } from '../web/pages/phones/ConnectWithPhoneNumber';
import { MobileProxy } from '../web/pages/phones/MobileProxy';
import { ConfirmModal, EnabledErrorModal, HowToConnectModal, PhoneLimitModal } from '../web/pages/phones/PhoneModals';
import { SendTestMessage } from '../web/pages/phones/SendTestMessage';
import '../web/pages/phones/phones.css';
import { maxWidth } from './decorators';

const meta = {
  title: 'Phones/Tools and dialogs',
  parameters: { layout: 'padded' },
  decorators: [maxWidth(640)],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const wait = () => new Promise<void>((r) => setTimeout(r, 500));

export const Name: Story = { render: () => <ChangeName name="Support line" onSave={wait} /> };

export const TestMessage: Story = { render: () => <SendTestMessage status="active" onSend={wait} /> };
/** The send button is disabled with the spec's explanation. */
export const TestMessageInactivePhone: Story = { render: () => <SendTestMessage status="conn-retry" onSend={wait} /> };
export const TestMessageNotActiveAtSend: Story = {
  render: () => (
    <SendTestMessage
      status="active"
      onSend={async () => {
        await wait();
        throw new ApiError(PHONE_MSG.testNotActive, 0);
      }}
    />
  ),
};
export const TestMessageNoPhone: Story = { render: () => <SendTestMessage status={null} onSend={wait} /> };

export const Proxy: Story = { render: () => <MobileProxy region={null} onSubmit={wait} defaultOpen /> };
export const ProxyFromSouthAmerica: Story = {
  render: () => <MobileProxy region="south-america" onSubmit={wait} defaultOpen />,
};

export const PhoneNumberConnect: Story = {
  render: () => (
    <ConnectWithPhoneNumber
      defaultOpen
      onConnect={async () => {
        await wait();
        return 'K7PQ2XWM';
      }}
    />
  ),
};

function ModalDemo({ which }: { which: 'limit' | 'enabled' | 'howto' | 'confirm' }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      {which === 'limit' && <PhoneLimitModal open={open} onClose={close} />}
      {which === 'enabled' && <EnabledErrorModal message={open ? PHONE_MSG.phoneLimit : ''} onClose={close} />}
      {which === 'howto' && <HowToConnectModal open={open} onClose={close} />}
      {which === 'confirm' && (
        <ConfirmModal open={open} title="Logout" confirmLabel="Logout" danger onConfirm={close} onClose={close}>
          <p>WhatsApp on this phone is unlinked. Scan a new QR code to connect it again.</p>
        </ConfirmModal>
      )}
    </>
  );
}

export const PhoneLimit: Story = { render: () => <ModalDemo which="limit" /> };
export const EnabledError: Story = { render: () => <ModalDemo which="enabled" /> };
export const HowToConnectPhone: Story = { render: () => <ModalDemo which="howto" /> };
export const ConfirmLogout: Story = { render: () => <ModalDemo which="confirm" /> };
