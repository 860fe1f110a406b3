import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PartnerApply } from '../web/pages/billing/PartnerApply';
import { PaymentHistoryView } from '../web/pages/billing/PaymentHistory';
import { PartnerLogDetails, PartnerLogsTable, PartnerSubscriptions } from '../web/pages/billing/PartnerTables';
import { TrialBanner } from '../web/pages/billing/TrialBanner';
import { entry, HISTORY, PARTNER_LOGS } from './billing-fixtures';
import '../web/pages/billing/billing.css';

const meta = { title: 'Billing/Partner, payments and trial', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The partner page's subscriptions table. */
export const PartnerSubscriptionsTable: Story = {
  render: () => (
    <PartnerSubscriptions
      subs={[entry(), entry({ subscription_id: 'sub_02', status: 'past_due', attempt_number: 2 }, 'PHONE · 1 Phone')]}
      onHistory={fn()}
      onUnsubscribe={fn()}
    />
  ),
};

/** /subscription_partner for an account that is not a partner: what the program is and how to apply. */
export const PartnerApplication: Story = { render: () => <PartnerApply supportEmail="support@wapi.dev" /> };

/** A month of per-phone live days and prices, with the Total row. */
export const PartnerMonth: Story = { render: () => <PartnerLogsTable logs={PARTNER_LOGS} onDetails={fn()} /> };

export const PartnerMonthEmpty: Story = {
  render: () => <PartnerLogsTable logs={{ ...PARTNER_LOGS, results: [], total: 0 }} onDetails={fn()} />,
};

/** One phone's status changes of the month (the Details dialog's content). */
export const PartnerPhoneDetails: Story = { render: () => <PartnerLogDetails log={PARTNER_LOGS.results[1]!} /> };

/** Next Payment and Past Payments with receipts (the history dialog and /settings/payment). */
export const PaymentHistory: Story = { render: () => <PaymentHistoryView history={HISTORY} /> };

export const NoPaymentsYet: Story = {
  render: () => <PaymentHistoryView history={{ next_payment: null, response: [] }} />,
};

export const TrialDaysLeft: Story = { render: () => <TrialBanner notice={{ kind: 'trial', daysLeft: 2 }} /> };
export const TrialEndsToday: Story = { render: () => <TrialBanner notice={{ kind: 'trial', daysLeft: 0 }} /> };
export const TrialOver: Story = { render: () => <TrialBanner notice={{ kind: 'over' }} /> };
