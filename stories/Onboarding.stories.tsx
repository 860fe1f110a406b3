import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { GET_STARTED_KEYS } from '../src/shared/onboarding-keys';
import { GetStartedView } from '../web/pages/onboarding/GetStartedPage';
import { WelcomeModal } from '../web/pages/onboarding/WelcomeModal';
import type { GetStarted } from '../web/stores/onboarding';

const progress = (percent: number, done: readonly string[], welcome = false): GetStarted => ({
  success: true,
  percent,
  welcome,
  cards: GET_STARTED_KEYS.map((key) => ({ key, done: key === 'documentation' ? null : done.includes(key) })),
});
const wait = () => new Promise<void>((r) => setTimeout(r, 800));

const meta = {
  title: 'Pages/Get started',
  component: GetStartedView,
  args: { progress: progress(0, [], true), onStartTrial: fn() },
} satisfies Meta<typeof GetStartedView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NewAccount: Story = {};
export const PhoneLinked: Story = { args: { progress: progress(40, ['trial', 'phone']) } };
export const AllSet: Story = {
  args: { progress: progress(100, ['trial', 'phone', 'webhook', 'messages', 'subscribe']) },
};
export const Welcome: Story = {
  render: () => <WelcomeModal email="new@example.com" onClose={fn()} onStart={wait} onLogout={fn()} />,
};
export const WelcomeForSpammyEmail: Story = {
  render: () => (
    <WelcomeModal email="ab1234567890123456789012345678zz@example.com" onClose={fn()} onStart={wait} onLogout={fn()} />
  ),
};
