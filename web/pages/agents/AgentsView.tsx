import { Link } from 'wouter';
import { AGENT_MSG } from '../../../src/shared/agent-messages';
import { AGENT_LOGIN_PATH, OWNER_SEAT } from '../../../src/shared/agent-seats';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { IconButton } from '../../components/IconButton';
import { Table, type Column } from '../../components/Table';
import { agentLoginUrl, type AgentEntry, type AgentList, type AgentValues } from '../../stores/agents';
import { AgentFormModal, DeleteAgentModal } from './AgentDialogs';
import './agents.css';

export type AgentDialog =
  { kind: 'add' } | { kind: 'update'; agent: AgentEntry } | { kind: 'delete'; agent: AgentEntry } | null;

export interface AgentsViewProps {
  list: AgentList;
  overLimit: boolean;
  dialog: AgentDialog;
  onAdd: () => void;
  onEdit: (agent: AgentEntry) => void;
  onDelete: (agent: AgentEntry) => void;
  onClose: () => void;
  onDone: (message: string, ok: boolean) => void;
  save: {
    add: (v: AgentValues) => Promise<string>;
    update: (agent: AgentEntry, v: AgentValues) => Promise<string>;
    remove: (agent: AgentEntry) => Promise<string>;
  };
}

function state(a: AgentEntry) {
  if (a.owner) return <Chip tone="info">Owner</Chip>;
  if (!a.chat) return <Chip tone="danger">Beyond limit</Chip>;
  return a.verified ? (
    <Chip tone="success" dot>
      Confirmed
    </Chip>
  ) : (
    <Chip tone="warning" dot>
      Waiting for confirmation
    </Chip>
  );
}

/** The agents screen's content: the table (owner first, not editable), its limit and its dialogs. */
export function AgentsView({
  list,
  overLimit,
  dialog,
  onAdd,
  onEdit,
  onDelete,
  onClose,
  onDone,
  save,
}: AgentsViewProps) {
  const columns: Column<AgentEntry>[] = [
    { key: 'email', header: 'E-mail', cell: (a) => a.email, wrap: true },
    { key: 'name', header: 'Name', cell: (a) => a.name || '—' },
    { key: 'surname', header: 'Surname', cell: (a) => a.surname || '—' },
    { key: 'state', header: 'State', cell: state },
    {
      key: 'actions',
      header: <span className="w-sr-only">Actions</span>,
      align: 'end',
      cell: (a) =>
        a.owner ? null : (
          <span className="w-agents__actions">
            <IconButton icon="edit" label={`Edit ${a.email}`} onClick={() => onEdit(a)} />
            <IconButton icon="trash" label={`Delete ${a.email}`} onClick={() => onDelete(a)} />
          </span>
        ),
    },
  ];
  const failed = () => AGENT_MSG.error;
  return (
    <Card
      title="Agents"
      description={
        <>
          Agents sign in to the live chat at <a href={AGENT_LOGIN_PATH}>{agentLoginUrl()}</a> with the e-mail and
          password you give them here; they are not users of this console. Agent limit: {list.agent_limit} (you hold one
          seat). <Link href="/subscription">Change it in Subscription</Link>.
        </>
      }
    >
      <div className="w-agents">
        {overLimit && <Alert tone="warning">{AGENT_MSG.overLimit}</Alert>}
        {list.agent_limit <= OWNER_SEAT && (
          <Alert tone="info">
            {AGENT_MSG.ownerSeat} <Link href="/chat">Open Live Chat</Link>. {AGENT_MSG.addSeats}{' '}
            <Link href="/subscription">Go to Subscription</Link>
          </Alert>
        )}
        <div className="w-form__actions">
          <Button onClick={onAdd}>
            <Icon name="plus" size={18} /> Add Agent
          </Button>
        </div>
        <Table
          caption="Agents"
          columns={columns}
          rows={list.agents}
          rowKey={(a) => a.uid ?? `owner:${a.email}`}
          empty="No agents yet."
        />
      </div>
      {dialog?.kind === 'add' && <AgentFormModal mode="add" onClose={onClose} onDone={onDone} onSave={save.add} />}
      {dialog?.kind === 'update' && (
        <AgentFormModal
          mode="update"
          agent={dialog.agent}
          onClose={onClose}
          onDone={onDone}
          onSave={(v) => save.update(dialog.agent, v)}
          errorText={failed}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAgentModal
          agent={dialog.agent}
          onClose={onClose}
          onDone={onDone}
          onConfirm={() => save.remove(dialog.agent)}
        />
      )}
    </Card>
  );
}
