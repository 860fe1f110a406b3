import type { Meta, StoryObj } from '@storybook/react-vite';
import { maxWidth } from './decorators';
import { fn } from 'storybook/test';
import { BILLING_MSG } from '../src/shared/billing/messages';
import { CancelModal } from '../web/pages/subscription/CancelModal';
import { RestartModal, TrialUnsubscribeModal } from '../web/pages/subscription/ConfirmModals';
import type { DialogHost } from '../web/pages/subscription/dialogs';
import {
  AddPlanModal,
  DisabledPhonesModal,
  TrialChangeModal,
  TrialSuccessModal,
  UnsubscribeModal,
  UpgradingModal,
} from '../web/pages/subscription/NoticeModals';
import { PackageCards } from '../web/pages/subscription/PackageCards';
import { packageOffers } from '../web/pages/subscription/packages';
import { PaymentHistoryModal } from '../web/pages/subscription/PaymentHistoryModal';
import { PlanChangeModal } from '../web/pages/subscription/PlanChangeModal';
import { PurchaseModal } from '../web/pages/subscription/PurchaseModal';
import { ResultPopup } from '../web/pages/subscription/ResultPopup';
import { SubscriptionTables } from '../web/pages/subscription/SubscriptionTables';
import { UpdatePreviewModal } from '../web/pages/subscription/UpdatePreviewModal';
import { UpdateQuantityModal } from '../web/pages/subscription/UpdateQuantityModal';
import { PHONES } from './phone-fixtures';
import {
  ACTIVE,
  CANCELLED,
  ELIGIBLE,
  HISTORY,
  PAST_DUE,
  PAUSED,
  PENDING_REDUCTION,
  RAISE_PREVIEW,
  REDUCE_PREVIEW,
  SETTINGS,
  TEMPORARY,
  TRIAL,
} from './subscription-fixtures';
import '../web/pages/subscription/subscription.css';

const meta = { title: 'Subscription/Page parts', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const host: DialogHost = { open: fn(), close: fn(), popup: fn() };
const offers = packageOffers('wapi', SETTINGS, null);
const USER = {
  id: 7,
  email: 'me@example.com',
  name: 'Ada',
  company: 'Acme',
  phone: '',
  isAuthenticated: true,
  isGoogle: false,
  hasPassword: true,
  role: 'customer',
  extra: { company: { name: 'Acme GmbH', country: 'DE' } },
} as const;

/** The package cards of a product that never had a trial: API offers the free trial and a skip-trial purchase. */
export const Packages: Story = { render: () => <PackageCards offers={offers} onBuy={fn()} onTrial={fn()} /> };
/** With the phone19 / phone15 flags and 95 phones, the discounted add-ons appear; the trial is taken. */
export const PackagesEligible: Story = {
  render: () => <PackageCards offers={packageOffers('wapi', ELIGIBLE, false)} onBuy={fn()} onTrial={fn()} />,
};
/** Every status: active, a scheduled reduction, past due with attempts left, paused with Restart, pending payment, a trial, and a cancelled one. */
export const Tables: Story = {
  render: () => (
    <SubscriptionTables
      brand="wapi"
      active={[ACTIVE, PENDING_REDUCTION, PAST_DUE, PAUSED, TEMPORARY, TRIAL]}
      cancelled={[CANCELLED]}
      onAction={fn()}
    />
  ),
};
/** The same tables on a 360 px phone: each row stacked, a line per column (issue 38). */
export const TablesOnAPhone: Story = {
  ...Tables,
  decorators: [maxWidth(328)],
};
export const Purchase: Story = { render: () => <PurchaseModal offer={offers[0]!} user={USER} host={host} go={fn()} /> };
export const UpdateQuantity: Story = {
  render: () => <UpdateQuantityModal sub={ACTIVE} updateLimited={false} host={host} />,
};
export const UpdateQuantityLimited: Story = {
  render: () => <UpdateQuantityModal sub={ACTIVE} updateLimited host={host} />,
};
/** A raise: charged now, a disabled phone may be activated. */
export const PreviewRaise: Story = {
  render: () => (
    <UpdatePreviewModal
      brand="wapi"
      sub={ACTIVE}
      quantity={3}
      preview={RAISE_PREVIEW}
      settings={SETTINGS}
      host={host}
      phones={PHONES}
    />
  ),
};
/** A reduction: Confirm waits for exactly the phones to disable. */
export const PreviewReduce: Story = {
  render: () => (
    <UpdatePreviewModal
      brand="wapi"
      sub={PENDING_REDUCTION}
      quantity={1}
      preview={REDUCE_PREVIEW}
      settings={{ ...SETTINGS, phone_limit: 3 }}
      host={host}
      phones={PHONES}
    />
  ),
};
export const PlanChange: Story = {
  render: () => <PlanChangeModal brand="wapi" sub={ACTIVE} host={host} fetchPreview={async () => REDUCE_PREVIEW} />,
};
export const Unsubscribe: Story = { render: () => <UnsubscribeModal sub={ACTIVE} first={[]} host={host} /> };
/** Cancel on a base plan while an add-on runs: said at once, naming what goes first. */
export const UnsubscribeBlocked: Story = {
  render: () => <UnsubscribeModal sub={ACTIVE} first={[PAUSED]} host={host} />,
};
/** Cancel with feedback: reasons that ask for it need 20 characters of explanation. */
export const CancelFeedback: Story = { render: () => <CancelModal sub={ACTIVE} host={host} /> };
export const Restart: Story = { render: () => <RestartModal sub={PAUSED} host={host} /> };
export const History: Story = { render: () => <PaymentHistoryModal sub={ACTIVE} host={host} history={HISTORY} /> };
export const TrialChange: Story = { render: () => <TrialChangeModal brand="wapi" sub={TRIAL} host={host} /> };
export const TrialSuccess: Story = { render: () => <TrialSuccessModal host={host} /> };
export const TrialUnsubscribe: Story = { render: () => <TrialUnsubscribeModal host={host} /> };
export const Upgrading: Story = { render: () => <UpgradingModal host={host} /> };
export const DisabledPhones: Story = {
  render: () => <DisabledPhonesModal ids={[102, 103]} date="2026-12-24" host={host} />,
};
export const AddPlan: Story = { render: () => <AddPlanModal offer={offers[1]!} host={host} /> };
export const PopupSuccess: Story = {
  render: () => <ResultPopup popup={{ text: BILLING_MSG.purchaseOk, tone: 'success' }} onClose={fn()} />,
};
export const PopupClosed: Story = {
  render: () => <ResultPopup popup={{ text: BILLING_MSG.checkoutClosed, tone: 'error' }} onClose={fn()} />,
};
