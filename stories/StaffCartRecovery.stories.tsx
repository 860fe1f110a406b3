import type { Meta, StoryObj } from '@storybook/react-vite';
import { CART_STEP_LABELS, CART_TEMPLATES } from '../src/shared/cart-recovery';
import { CartSteps } from '../web/pages/staff/CartSteps';

const meta = { title: 'Back-office/Cart recovery plan', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const DAY = 86_400_000;
const start = Date.UTC(2026, 10, 20, 9, 0);
const steps = (sent: number) =>
  CART_TEMPLATES.map((t, i) => ({
    template: t,
    label: CART_STEP_LABELS[t],
    sent: i < sent,
    sent_at: i < sent ? new Date(start + i * DAY).toISOString() : null,
    queued: i === sent,
    due_at: i < sent ? null : new Date(start + [0, 1, 3, 5, 7, 10][i]! * DAY).toISOString(),
  }));

/** Two steps sent by the job; the 10% discount is queued. */
export const MidSequence: Story = { render: () => <CartSteps steps={steps(2)} /> };

/** Nothing sent yet: the first send is queued. */
export const NothingSent: Story = { render: () => <CartSteps steps={steps(0)} /> };
