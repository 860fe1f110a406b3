import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { fn } from 'storybook/test';
import { OptoutList } from '../web/pages/developers/OptoutList';
import { OptoutWords } from '../web/pages/developers/OptoutWords';
import type { OptoutRow, OptoutsAdded } from '../web/stores/developers/optouts';
import { maxWidth } from './decorators';
import '../web/pages/developers/developers.css';

const meta = { title: 'Developers/Opt-outs', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const wait = (ms = 600) => new Promise((r) => setTimeout(r, ms));
const card = (children: ReactNode) => (
  <div className="w-card" style={{ maxWidth: 820 }}>
    <div className="w-dev-stack">{children}</div>
  </div>
);
const at = Math.floor(Date.UTC(2026, 10, 28, 9, 30) / 1000);
const ROWS: OptoutRow[] = [
  { number: '905301234567', source: 'keyword', phone_id: 42, created_at: at },
  { number: '447700900123', source: 'api', phone_id: null, created_at: at - 86_400 },
  { number: '905309876543', source: 'keyword', phone_id: 43, created_at: at - 3 * 86_400 },
];
const add = async (numbers: string[]): Promise<OptoutsAdded> => {
  await wait();
  const invalid = numbers.filter((n) => !/^\+?[\d\s]{8,20}$/.test(n));
  return {
    success: true,
    added: numbers.filter((n) => !invalid.includes(n)),
    already: [],
    invalid: invalid.map((number) => ({ number, error: 'not a number' })),
  };
};
const list = (rows: OptoutRow[] | null, hasMore = false) =>
  card(
    <OptoutList rows={rows} hasMore={hasMore} onMore={fn()} onAdd={add} onRemove={async () => void (await wait())} />,
  );

export const List: Story = { render: () => list(ROWS, true) };
/** No one opted out yet: the table says what fills it. */
export const Empty: Story = { render: () => list([]) };
export const Loading: Story = { render: () => list(null) };
/** On a 360 px phone: each row stacked. */
export const ListOnAPhone: Story = { ...List, decorators: [maxWidth(328)] };
export const Words: Story = {
  render: () => card(<OptoutWords words={['dur', 'i̇ptal']} onSave={async (w) => (await wait(), w)} />),
};
export const WordsOnAPhone: Story = { ...Words, decorators: [maxWidth(328)] };
export const WordsSaveFails: Story = {
  render: () =>
    card(
      <OptoutWords
        words={[]}
        onSave={async () => {
          await wait();
          throw new Error('At most 20 words.');
        }}
      />,
    ),
};
