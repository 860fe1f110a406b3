import { useState } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { IconButton } from '../../components/IconButton';
import type { InboxLabel, LabelValues } from '../../stores/inbox-owner/labels';
import { DeleteLabelModal, LabelFormModal } from './LabelDialogs';
import { LABEL_TEXT } from './label-form';

type Dialog = { kind: 'new' } | { kind: 'edit' | 'delete'; label: InboxLabel } | null;

export interface LabelsViewProps {
  labels: readonly InboxLabel[];
  /** Creates (no id) or changes a label; rejects with the server's message. */
  onSave: (values: LabelValues, id?: number) => Promise<void>;
  onDelete: (id: number) => Promise<void>;
  /** Shows the outcome after a dialog closes (a toast). */
  onDone?: (message: string) => void;
}

/** The account's labels: a coloured chip each, with rename / recolour and delete; a button to add one. */
export function LabelsView({ labels, onSave, onDelete, onDone }: LabelsViewProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (message: string) => {
    setDialog(null);
    onDone?.(message);
  };
  return (
    <Card title={LABEL_TEXT.title}>
      <div className="w-labels">
        {labels.length === 0 ? (
          <p className="w-labels__empty">{LABEL_TEXT.empty}</p>
        ) : (
          <ul aria-label={LABEL_TEXT.title}>
            {labels.map((l) => (
              <li key={l.id}>
                <span className="w-label-chip">
                  <i style={{ background: l.color }} aria-hidden="true" />
                  {l.name}
                </span>
                <span className="w-agents__actions">
                  <IconButton
                    icon="edit"
                    label={`Edit label ${l.name}`}
                    onClick={() => setDialog({ kind: 'edit', label: l })}
                  />
                  <IconButton
                    icon="trash"
                    label={`Delete label ${l.name}`}
                    onClick={() => setDialog({ kind: 'delete', label: l })}
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="w-form__actions">
          <Button variant="secondary" onClick={() => setDialog({ kind: 'new' })}>
            <Icon name="plus" size={18} /> New label
          </Button>
        </div>
      </div>
      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && (
        <LabelFormModal
          label={dialog.kind === 'edit' ? dialog.label : undefined}
          others={labels.filter((l) => dialog.kind === 'new' || l.id !== dialog.label.id)}
          onClose={() => setDialog(null)}
          onSave={async (v) => {
            await onSave(v, dialog.kind === 'edit' ? dialog.label.id : undefined);
            close(LABEL_TEXT.saved);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteLabelModal
          label={dialog.label}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await onDelete(dialog.label.id);
            close(LABEL_TEXT.deleted);
          }}
        />
      )}
    </Card>
  );
}
