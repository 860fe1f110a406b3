/** The inbox's messages; the spec names none of these, so the words are ours (the server and the app share them). */
export const LIVE_MSG = {
  notFound: 'Conversation not found.',
  takenBy: (email: string) => `This conversation is taken by ${email}.`,
  takeFirst: 'Take the conversation first.',
  notClosed: 'Only a closed conversation can be reopened.',
  notOpen: 'This conversation is not open.',
  alreadyHolds: (email: string) => `${email} already has this conversation.`,
  transferTarget: "Give either an agentId or to: 'owner'.",
  agentUnverified: 'This agent has not confirmed their e-mail yet.',
  cannedNotFound: 'Canned reply not found.',
  cannedDuplicate: 'A canned reply with this shortcut exists.',
  cannedLimit: 'An account can keep at most 200 canned replies.',
  emptyMessage: 'Chat messages cannot be sent empty.',
} as const;
