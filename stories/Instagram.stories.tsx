import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { InstagramLoginResponse } from '../src/shared/schemas/messaging/instagram';
import { rowClick } from '../web/lib/instagram';
import type { Phone } from '../web/lib/phones';
import { ClosedBeta } from '../web/pages/instagram/InstagramModals';
import { InstagramView, type InstagramDialog } from '../web/pages/instagram/InstagramView';
import type { LoginInput } from '../web/stores/instagram';
import { phone } from './phone-fixtures';
import { maxWidth } from './decorators';

const ig = (over: Partial<Phone> & { id: number }) => phone({ type: 'instagram', ...over });
const ACCOUNTS: Phone[] = [
  ig({ id: 301, number: 'shop.official', status: 'active' }),
  ig({ id: 302, number: '', status: 'not_logged_in' }),
  ig({ id: 303, number: 'shop.outlet', status: 'account-error' }),
  ig({ id: 304, number: 'shop.old', status: 'disabled', active: false }),
  ig({ id: 305, number: '', status: 'creating...' }),
];
const MANY: Phone[] = Array.from({ length: 9 }, (_, i) =>
  ig({ id: 400 + i, number: `brand.${i + 1}`, status: (['active', 'not_logged_in', 'idle'] as const)[i % 3] }),
);

/** The simulator's login rules, after a moment: `wrong-password` fails; a `.2fa` username asks for 123456. */
async function fakeLogin(_id: number, input: LoginInput): Promise<InstagramLoginResponse> {
  await new Promise((r) => setTimeout(r, 500));
  if (input.password === 'wrong-password')
    return { success: false, error: 'The password you entered is incorrect. Please try again.' };
  if (input.username.endsWith('.2fa') && input.code !== '123456')
    return input.code
      ? { success: false, error: 'Please check the security code and try again.' }
      : { success: false, code_required: true };
  return { success: true };
}

/** The screen with working rows and modals; nothing touches the network. */
function Screen({ accounts, limit, initial = null }: { accounts: Phone[]; limit: number; initial?: InstagramDialog }) {
  const [dialog, setDialog] = useState<InstagramDialog>(initial);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const onRow = (a: Phone) => {
    const what = rowClick(a);
    if (what === 'login') setDialog({ kind: 'login', account: a });
    if (what === 'select') setSelectedId(a.id);
    if (what === 'enable')
      setDialog({ kind: 'enable-error', message: 'Your instagram limit is not enough for add new instagram account.' });
  };
  return (
    <InstagramView
      accounts={accounts}
      limit={limit}
      selectedId={selectedId}
      dialog={dialog}
      adding={false}
      disabling={false}
      onAdd={() =>
        setDialog(
          accounts.filter((a) => a.active).length >= limit
            ? { kind: 'limit' }
            : { kind: 'login', account: ig({ id: 999, status: 'not_logged_in' }) },
        )
      }
      onRow={onRow}
      onLogout={() => undefined}
      onDisable={(account) => setDialog({ kind: 'disable', account })}
      onConfirmDisable={() => setDialog(null)}
      login={fakeLogin}
      onLoggedIn={() => setDialog(null)}
      onClose={() => setDialog(null)}
    />
  );
}

const meta = {
  title: 'Instagram/Accounts',
  parameters: { layout: 'padded' },
  decorators: [maxWidth(960)],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Accounts: Story = { render: () => <Screen accounts={ACCOUNTS} limit={5} /> };
export const ScrollsPastSix: Story = { render: () => <Screen accounts={MANY} limit={10} /> };
export const Empty: Story = { render: () => <Screen accounts={[]} limit={1} /> };
export const LoginWithTwoFactor: Story = {
  render: () => <Screen accounts={ACCOUNTS} limit={5} initial={{ kind: 'login', account: ACCOUNTS[1]! }} />,
};
export const LimitReached: Story = {
  render: () => <Screen accounts={ACCOUNTS.slice(0, 2)} limit={2} initial={{ kind: 'limit' }} />,
};
export const DisableConfirmation: Story = {
  render: () => <Screen accounts={ACCOUNTS} limit={5} initial={{ kind: 'disable', account: ACCOUNTS[0]! }} />,
};
export const EnableError: Story = {
  render: () => (
    <Screen
      accounts={ACCOUNTS}
      limit={5}
      initial={{ kind: 'enable-error', message: 'Your instagram limit is not enough for add new instagram account.' }}
    />
  ),
};
export const ClosedBetaNotice: Story = { render: () => <ClosedBeta email="support@wapi.dev" /> };
