import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { AGENT_MSG } from '../../../src/shared/agent-messages';
import { OWNER_SEAT } from '../../../src/shared/agent-seats';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { $product } from '../../stores/product';
import {
  $agents,
  $agentsError,
  addAgent,
  deleteAgent,
  loadAgents,
  mayAddAgent,
  overLimit,
  updateAgent,
} from '../../stores/agents';
import { showToast } from '../../stores/toasts';
import { AgentLimitModal } from './AgentDialogs';
import { AgentsView, type AgentDialog } from './AgentsView';
import { InboxOwnerSection } from './InboxOwnerSection';

type Dialog = AgentDialog | { kind: 'limit' };

/** 'No Agent Limit': the screen without an agent limit offers the free trial or the subscription (2-phones §2.4). */
export function NoAgentLimit({ trialUsed }: { trialUsed: boolean }) {
  return (
    <Card
      title={AGENT_MSG.noLimit}
      description="Agents answer your customers in the live chat. Your package has no agents yet."
    >
      <Link href="/subscription" className={buttonClass('primary')}>
        {trialUsed ? 'Go to Subscription' : 'Start Free Trial'}
      </Link>
    </Card>
  );
}

/** /agents: the account's live-chat agents, the owner first (2-phones §2.4, §4.7). */
export default function AgentsPage() {
  const list = useStore($agents);
  const error = useStore($agentsError);
  const product = useStore($product);
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => void loadAgents(), []);
  if (error) {
    return (
      <Alert tone="error">
        {error}{' '}
        <Button size="sm" variant="secondary" onClick={() => void loadAgents()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!list) return <Loader />;
  if (list.agent_limit === 0)
    return <NoAgentLimit trialUsed={product?.trial !== null && product?.trial !== undefined} />;
  const done = (message: string, ok: boolean) => {
    setDialog(null);
    showToast(message, ok ? 'success' : 'error');
  };
  return (
    <div className="w-agents-page">
      <AgentsView
        list={list}
        overLimit={overLimit(list)}
        dialog={dialog?.kind === 'limit' ? null : dialog}
        onAdd={() => setDialog(mayAddAgent(list) ? { kind: 'add' } : { kind: 'limit' })}
        onEdit={(agent) => setDialog({ kind: 'update', agent })}
        onDelete={(agent) => setDialog({ kind: 'delete', agent })}
        onClose={() => setDialog(null)}
        onDone={done}
        save={{ add: addAgent, update: updateAgent, remove: deleteAgent }}
      />
      {dialog?.kind === 'limit' && (
        <AgentLimitModal ownerOnly={list.agent_limit <= OWNER_SEAT} onClose={() => setDialog(null)} />
      )}
      <InboxOwnerSection />
    </div>
  );
}
