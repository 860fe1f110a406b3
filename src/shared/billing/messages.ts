/** The subscription area's messages (1-console §8, 2-phones §8), word for word; the server and the console share them. */
export const BILLING_MSG = {
  processOk: 'Process is successful!',
  updateOk: 'Update process is successful!',
  /** Mine: a second change sent while the first was being made (no charge was made for it). */
  changedMeanwhile: 'This subscription was changed a moment ago. Please check it and try again.',
  purchaseOk: 'Purchase is successful!',
  unsubscribeOk: 'Unsubscription is successful!',
  reactivateOk: 'Subscription reactivated successfully!',
  trialChanged: 'Your trial subscription type change.',
  updateNotOk: 'Update process is not successful!',
  updateCannot: 'Update process cannot be applied!',
  updateFailed: 'Update process failed',
  network: 'Error communicating with the server',
  previewFailed: 'Error getting preview data',
  reactivateFailed: 'Failed to reactivate subscription',
  reactivateError: 'An error occurred while reactivating subscription',
  trialError: 'Error',
  agentsInUse:
    'Current number of registered agent are more than the new amount you set. Please delete some agents before updating the agent limit!',
  phonesInUse:
    'Current number of enabled phones are more than the new amount you set. Please disable some phones before updating the phone limit!',
  instagramInUse:
    'Current number of registered instagram accounts are more than the new amount you set. Please delete some instagram accounts before updating the instagram limit!',
  otherSubscriptions: "You can't unsubscribe before cancelling other subscriptions.",
  phone19Block: "You can't edit PHONE subscription before cancelling PHONE19.",
  checkoutClosed: 'Your process has been cancelled, see you again soon!',
  checkoutClosedPhones: 'Your process has been cancelled.',
  trialOver: 'Your trial is over.',
  loadFailed: 'Load Failed.',
  feedbackShort: 'Explain your reason for cancellation in at least 20 characters',
  postcodeRequired: '(**) Selected country has (*), postcode is required.',
  upgrading: 'Upgrading now. Please, try later.',
  /** Where the spec names a rule but not its words, these are ours. */
  trialTaken: 'The free trial has already been used on this account.',
  trialNoRaise: 'Trial subscriptions cannot be increased. Please buy a starter subscription.',
  partnerNoRaise: 'Partner accounts cannot increase phones. Please contact your provider.',
  enterpriseNoRaise: 'Enterprise plans cannot be increased here. Please contact sales.',
  updateLimited: 'This subscription cannot be reduced below its current quantity.',
  quantityRange: 'Quantity must be between 1 and 300.',
  phonesToDisable: 'Select exactly the phones to disable for the reduction.',
  phone19Needs: 'The PHONE19 package needs a phone limit of at least 45.',
  phone15Needs: 'The PHONE15 package needs a phone limit of at least 90.',
  /** A cancel or reduction of another subscription would take a discounted add-on below its threshold (issue 21). */
  phone19Held:
    "You can't cancel or reduce this subscription before cancelling PHONE19 or moving it to another plan: PHONE19 needs a phone limit of at least 45 besides it.",
  phone15Held:
    "You can't cancel or reduce this subscription before cancelling PHONE15 or moving it to another plan: PHONE15 needs a phone limit of at least 90 besides it.",
  /** The purchase refusals every plan change shares (services/billing/eligibility.ts). */
  staffOnly: 'Only staff can make a custom payment link.',
  trialNotSold: 'A trial is started with createFreeTrial, not bought.',
  enterpriseContact: 'Enterprise plans are changed only by our sales team. Please contact sales.',
  planGrantsDiffer:
    'A plan change keeps what the subscription grants. To add or remove phones, agents or Instagram accounts, buy or cancel a subscription.',
  samePlan: 'The subscription is already on this plan.',
  trialOnPaid: 'The free trial is for accounts without a subscription: this account already has one.',
  trialBought: 'The free trial is for accounts that have not bought a plan: this account already has.',
  declined: 'Your card was declined. Please try another card.',
  notPaused: 'Only a paused subscription can be restarted.',
  noSubscription: 'Subscription not found.',
  alreadyEnded: 'This subscription has already ended.',
  cancelScheduled: 'This subscription already ends at the end of its paid period.',
  notEnding: 'This subscription is not set to end.',
  endingNoChange: 'This subscription ends at the end of its paid period. Undo the cancel to change it.',
  cancelUndone: 'Your subscription continues: it renews as before.',
  pending: 'This subscription is waiting for its payment.',
  checkoutGone: 'This checkout is no longer open.',
} as const;
