import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { SelectField } from '../../components/SelectField';
import { PHONE_MSG } from '../../lib/phone-messages';
import {
  filterPhones,
  redeployable,
  SEARCH_ABOVE,
  STATUS_FILTERS,
  type Phone,
  type StatusFilter,
} from '../../lib/phones';
import { ConfirmModal } from './PhoneModals';
import { PhoneRow } from './PhoneRow';

const FILTER_OPTIONS = STATUS_FILTERS.map((f) => ({ value: f, text: f === 'all' ? 'All statuses' : f }));

export interface PhoneListProps {
  phones: readonly Phone[];
  /** Queue counts above 0 by phone id. */
  queues: Readonly<Record<number, number>>;
  selectedId: number | null;
  onSelect: (id: number) => void;
  partner: boolean;
  /** Shows the Select / All / Redeploy bulk controls (extra.isRocket). */
  bulk: boolean;
  onBulkRedeploy: (ids: number[]) => Promise<void>;
  onDisable: (phone: Phone) => void;
  onEnable: (phone: Phone) => void;
  onCopyUrl: (phone: Phone) => void;
}

/** The phone list: status filter, search above 9 phones, bulk controls, rows (2-phones §2.1). */
export function PhoneList(props: PhoneListProps) {
  const { phones, queues, selectedId, onSelect, partner, bulk } = props;
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [selecting, setSelecting] = useState(false);
  const [checked, setChecked] = useState<number[]>([]);
  const [redeploying, setRedeploying] = useState(false);
  const [asking, setAsking] = useState(false);
  const searchId = useId();
  const shown = filterPhones(phones, filter, phones.length > SEARCH_ABOVE ? search : '', queues);
  const eligible = redeployable(phones).map((p) => p.id);
  const allChecked = eligible.length > 0 && eligible.every((id) => checked.includes(id));

  // A disabled phone leaves the list of phones in use (2-phones §4.1) and waits below to be enabled.
  const inUse = shown.filter((p) => p.active && p.status !== 'disabled');
  const off = shown.filter((p) => !p.active || p.status === 'disabled');
  const row = (p: Phone) => (
    <PhoneRow
      key={p.id}
      phone={p}
      queue={queues[p.id] ?? p.queue}
      selected={p.id === selectedId}
      onSelect={() => onSelect(p.id)}
      partner={partner}
      checkable={
        selecting
          ? { checked: checked.includes(p.id), disabled: !eligible.includes(p.id), onChange: (on) => toggle(p.id, on) }
          : undefined
      }
      onDisable={() => props.onDisable(p)}
      onEnable={() => props.onEnable(p)}
      onCopyUrl={() => props.onCopyUrl(p)}
    />
  );
  const toggle = (id: number, on: boolean) => setChecked((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const redeploy = async () => {
    setRedeploying(true);
    try {
      await props.onBulkRedeploy(checked);
      setChecked([]);
      setSelecting(false);
    } finally {
      setRedeploying(false);
      setAsking(false);
    }
  };

  return (
    <div className="w-phone-list">
      <div className="w-phone-list__tools">
        <SelectField
          label="Status"
          value={filter}
          onChange={(v) => setFilter(v as StatusFilter)}
          options={FILTER_OPTIONS}
        />
        {phones.length > SEARCH_ABOVE && (
          <div className="w-field">
            <label className="w-field__label" htmlFor={searchId}>
              Search
            </label>
            <span className="w-search">
              <Icon name="search" size={16} />
              <input
                id={searchId}
                className="w-input"
                type="search"
                placeholder="Number, ID or name"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </span>
          </div>
        )}
      </div>
      {bulk && (
        <div className="w-bulk" role="group" aria-label="Bulk actions">
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={selecting}
            onClick={() => {
              setSelecting(!selecting);
              setChecked([]);
            }}
          >
            Select
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={selecting && allChecked}
            onClick={() => {
              setSelecting(true);
              setChecked(allChecked ? [] : eligible);
            }}
          >
            All
          </Button>
          <Button size="sm" disabled={checked.length === 0} loading={redeploying} onClick={() => setAsking(true)}>
            Redeploy{checked.length > 0 ? ` (${checked.length})` : ''}
          </Button>
        </div>
      )}
      <ConfirmModal
        open={asking}
        title="Redeploy phones"
        confirmLabel="Redeploy"
        busy={redeploying}
        onConfirm={() => void redeploy()}
        onClose={() => setAsking(false)}
      >
        <p>{`Redeploy ${checked.length} phone${checked.length === 1 ? '' : 's'}? Each one restarts and is unavailable for a moment.`}</p>
      </ConfirmModal>
      {phones.length === 0 ? (
        <p className="w-phone-list__empty">{PHONE_MSG.noPhones}</p>
      ) : shown.length === 0 ? (
        <p className="w-phone-list__empty">{PHONE_MSG.noMatch}</p>
      ) : (
        <>
          {inUse.length > 0 && (
            <ul className="w-phone-list__rows" aria-label="Phones">
              {inUse.map(row)}
            </ul>
          )}
          {off.length > 0 && (
            <>
              <h3 className="w-panel-title">Disabled phones</h3>
              <ul className="w-phone-list__rows" aria-label="Disabled phones">
                {off.map(row)}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
