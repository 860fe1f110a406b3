/**
 * The warming pool's small talk: openers and answers put together from parts, so that the messages
 * between two numbers read like people talking and seldom repeat (repeated text is a spam signal,
 * and the duplicate filter refuses a text sent three times to one chat).
 */

const GREETINGS = ['Hi', 'Hey', 'Hello', 'Good morning', 'Morning', 'Hey there', 'Hi again', 'Good afternoon'];
const OPENERS = [
  'how is your week going?',
  'did you get a chance to look at the plan?',
  'are we still on for tomorrow?',
  'what time works for you later?',
  'I just finished the report, want me to send it over?',
  'have you tried the new place near the office?',
  'do you have a minute for a quick question?',
  'the meeting moved to 3pm, is that ok?',
  'how did the delivery go?',
  'can you remind me of the address?',
  'any news about the order?',
  'I found the file you asked about.',
];
const ANSWERS = [
  'Sounds good',
  'Sure, no problem',
  'Yes, that works for me',
  'Thanks for letting me know',
  'Great, talk soon',
  'All good here',
  'Let me check and get back to you',
  'Perfect',
  'I will be there',
  'Not yet, maybe later today',
  'Yes, send it please',
  'Good idea',
];
const TAILS = ['', '', '', ' 🙂', ' 👍', '!', '.', ' Thanks!', ' See you.', ' Have a nice day.'];

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;
}

/** A message that starts a conversation. */
export function opener(random: () => number): string {
  return `${pick(GREETINGS, random)}, ${pick(OPENERS, random)}`;
}

/** A message that answers one the partner sent. */
export function answer(random: () => number): string {
  return `${pick(ANSWERS, random)}${pick(TAILS, random)}`;
}
