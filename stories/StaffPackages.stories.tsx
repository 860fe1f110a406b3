import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { PausedSub, SubsRow } from '../src/shared/schemas/staff/subs';
import { PackageDialog } from '../web/pages/staff/PackageDialog';
import { PausedEditDialog } from '../web/pages/staff/PausedEditDialog';

const meta = { title: 'Back-office/Package editor', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ROW: SubsRow = {
  owner_id: 42,
  owner_email: 'ann@example.com',
  package: 'api',
  agent_limit: 1,
  phone_limit: 3,
  instagram_limit: 0,
  agents: 1,
  phones: 2,
  instagrams: 0,
  is_reseller: false,
  is_enterprise: false,
  pid: '6f1c0b2e-0000-4000-8000-000000000001',
};
const wait = (ms = 500) => new Promise<void>((r) => setTimeout(r, ms));

/** Save reads Saved for 2 s, then Save again. */
export const Saves: Story = {
  render: () => <PackageDialog row={ROW} save={() => wait()} onClose={fn()} />,
};

/** The server refuses: the button reads Error for 2 s and its message shows. */
export const ServerRefuses: Story = {
  render: () => (
    <PackageDialog
      row={ROW}
      save={async () => {
        await wait();
        throw new Error('Reseller and enterprise packages cannot be edited here.');
      }}
      onClose={fn()}
    />
  ),
};

const PAUSED: PausedSub = {
  charge_id: 'sub_sbx_8d1c',
  email: 'cem@example.com',
  pid: ROW.pid,
  created_at: '2026-10-01T09:00:00.000Z',
  phone_limit_now: 0,
  data: { paddle_email: 'billing@example.com', subscription_plan_id: '569723', amount: 29, new_price: 29, quantity: 1 },
  settings: { phone_limit: 1, plan_id: '569723' },
};

/** A paused subscription's restart terms: phones, price per period and plan. */
export const PausedRestartTerms: Story = {
  render: () => <PausedEditDialog sub={PAUSED} save={() => wait()} onClose={fn()} />,
};
