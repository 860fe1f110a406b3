import { TRIAL_DAYS } from '../../../src/shared/billing/plans';
import type { GetStartedKey } from '../../../src/shared/onboarding-keys';

/** What a get-started card says and where it leads (3-developer §2.7); the trial card's action is the welcome modal. */
export interface CardText {
  title: string;
  text: string;
  href: string;
  action: string;
}

export const CARD_TEXT: Record<GetStartedKey, CardText> = {
  trial: {
    title: 'Start your free trial',
    text: `${TRIAL_DAYS} days of the API with one phone. No credit card required.`,
    href: '/subscription',
    action: 'See your plan',
  },
  phone: {
    title: 'Connect your phone',
    text: 'Add a phone and scan its QR code with WhatsApp on your mobile.',
    href: '/',
    action: 'Go to Phones',
  },
  webhook: {
    title: 'Set your webhook',
    text: 'Receive incoming messages and delivery statuses on your server.',
    href: '/developers/webhook',
    action: 'Set webhook',
  },
  documentation: {
    title: 'Read the documentation',
    text: 'Every call with its parameters and examples, and a Postman collection.',
    href: '/developers/documentation',
    action: 'Open documentation',
  },
  messages: {
    title: 'Start sending and getting messages',
    text: 'Send a test message from the Phones page, or call sendMessage from your code.',
    href: '/',
    action: 'Send a message',
  },
  subscribe: {
    title: 'Subscribe',
    text: 'Keep your phones running after the trial. Buying for a company? Add its details first.',
    href: '/subscription',
    action: 'Choose a package',
  },
};

/** The link of the subscribe card to the company details of the account settings. */
export const COMPANY_HREF = '/settings/account#company-get';

const COUNT_WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven'];
const STEP_WORDS: Record<GetStartedKey, string> = {
  trial: 'start your trial',
  phone: 'connect your phone',
  webhook: 'set your webhook',
  documentation: 'read the documentation',
  messages: 'send your first message',
  subscribe: 'subscribe',
};

/** The line above the cards: as many steps as the progress counts, named in the cards' order. */
export function stepsText(keys: readonly GetStartedKey[]): string {
  const names = keys.map((k) => STEP_WORDS[k]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
  return `${COUNT_WORDS[keys.length] ?? keys.length} ${keys.length === 1 ? 'step' : 'steps'} to a running account: ${list}. The documentation guides you along the way.`;
}
