import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { AGENT_MSG } from '../src/shared/agent-messages';
import { AgentLimitModal } from '../web/pages/agents/AgentDialogs';
import { NoAgentLimit } from '../web/pages/agents/AgentsPage';
import { AgentsView, type AgentDialog } from '../web/pages/agents/AgentsView';
import { overLimit, type AgentEntry, type AgentList } from '../web/stores/agents';
import { maxWidth } from './decorators';

const wait = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
const owner: AgentEntry = {
  uid: null,
  id: null,
  email: 'owner@example.com',
  name: 'Olive',
  surname: '',
  owner: true,
  verified: true,
  chat: true,
};
const agent = (id: number, email: string, extra: Partial<AgentEntry> = {}): AgentEntry => ({
  uid: id,
  id,
  email,
  name: 'Ann',
  surname: 'Lee',
  owner: false,
  verified: true,
  chat: true,
  ...extra,
});

const LIST: AgentList = {
  agent_limit: 3,
  agents: [
    owner,
    agent(1, 'ann@example.com'),
    agent(2, 'bob@example.com', { name: 'Bob', surname: 'Ray', verified: false }),
  ],
};
const OVER: AgentList = {
  agent_limit: 2,
  agents: [owner, agent(1, 'ann@example.com'), agent(2, 'late@example.com', { chat: false })],
};

/** The screen with working dialogs: saves succeed after a moment, or fail the way the server does. */
function Screen({ list, fails = false }: { list: AgentList; fails?: boolean }) {
  const [dialog, setDialog] = useState<AgentDialog>(null);
  const [note, setNote] = useState('');
  const save = (message: string) => async () => {
    await wait();
    if (fails) throw new Error(AGENT_MSG.duplicate);
    return message;
  };
  return (
    <>
      <AgentsView
        list={list}
        overLimit={overLimit(list)}
        dialog={dialog}
        onAdd={() => setDialog({ kind: 'add' })}
        onEdit={(a) => setDialog({ kind: 'update', agent: a })}
        onDelete={(a) => setDialog({ kind: 'delete', agent: a })}
        onClose={() => setDialog(null)}
        onDone={(message) => {
          setDialog(null);
          setNote(message);
        }}
        save={{ add: save(AGENT_MSG.added), update: save(AGENT_MSG.updated), remove: save(AGENT_MSG.deleted) }}
      />
      {note && <p role="status">{note}</p>}
    </>
  );
}

const meta = {
  title: 'Agents/Screen',
  parameters: { layout: 'padded' },
  decorators: [maxWidth(960)],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Agents: Story = { render: () => <Screen list={LIST} /> };
export const OnlyTheOwner: Story = { render: () => <Screen list={{ agent_limit: 2, agents: [owner] }} /> };
export const BeyondTheLimit: Story = { render: () => <Screen list={OVER} /> };
export const SavesFail: Story = { render: () => <Screen list={LIST} fails /> };
export const NoLimitTrialUnused: Story = { render: () => <NoAgentLimit trialUsed={false} /> };
export const NoLimitTrialUsed: Story = { render: () => <NoAgentLimit trialUsed /> };
export const LimitDialog: Story = { render: () => <AgentLimitModal onClose={() => undefined} /> };
