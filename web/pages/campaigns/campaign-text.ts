/** The words of the /campaigns screens (ours: the issue names the parts, not their words). */
export const CAMPAIGN_TEXT = {
  newCampaign: 'New campaign',
  emptyTitle: 'No campaigns yet',
  emptyText:
    'Send one message to thousands of customers, each with their own variables: paste or upload the list, write the message, pick the phones and when.',
  loadError: 'The campaigns could not be loaded.',
  notFound: 'This campaign could not be loaded.',
  create: 'Create campaign',
  schedule: 'Schedule campaign',
  cancelTitle: 'Cancel this campaign?',
  cancelText:
    'Recipients not sent yet are marked cancelled and will not get the message. Messages already sent stay sent. This cannot be undone.',
  cancelConfirm: 'Cancel campaign',
  keep: 'Keep it',
  chartTitle: 'Sent, delivered, read and replied',
  chartNote: 'Built in this browser from the counts read every few seconds while the page is open.',
  recipients: 'Recipients',
  downloadCsv: 'Download CSV',
  noRecipients: 'No recipients with this status.',
} as const;
