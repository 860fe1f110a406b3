import { Badge, Chip } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import { IconButton } from '../../components/IconButton';
import { phoneTitle, type Phone } from '../../lib/phones';
import { StatusChip } from './StatusChip';

export interface PhoneRowProps {
  phone: Phone;
  queue: number;
  selected: boolean;
  onSelect: () => void;
  partner: boolean;
  /** Bulk selection (isRocket accounts): a checkbox per row. */
  checkable?: { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean };
  onDisable: () => void;
  onEnable: () => void;
  onCopyUrl: () => void;
}

/**
 * One phone in the list: title, number and id, status, queue flag. Partners get a copy-URL button;
 * others a Disable (or Enable) button (2-phones §6).
 */
export function PhoneRow({
  phone,
  queue,
  selected,
  onSelect,
  partner,
  checkable,
  onDisable,
  onEnable,
  onCopyUrl,
}: PhoneRowProps) {
  const title = phoneTitle(phone);
  const disabled = !phone.active || phone.status === 'disabled';
  return (
    <li className="w-phone-row" data-selected={selected} data-disabled={disabled}>
      {checkable && (
        <input
          type="checkbox"
          className="w-phone-row__check"
          aria-label={`Select ${title}`}
          checked={checkable.checked}
          disabled={checkable.disabled}
          onChange={(e) => checkable.onChange(e.target.checked)}
        />
      )}
      <button type="button" className="w-phone-row__main" aria-current={selected || undefined} onClick={onSelect}>
        <span className="w-phone-row__icon" aria-hidden="true">
          <Icon name={phone.data.sandbox ? 'box' : 'phone'} size={18} />
        </span>
        <span className="w-phone-row__text">
          <span className="w-phone-row__title">{title}</span>
          <span className="w-phone-row__sub">
            {phone.number ? `+${phone.number}` : 'No number yet'} · ID {phone.id}
          </span>
        </span>
        <span className="w-phone-row__meta">
          <StatusChip status={phone.status} />
          {phone.data.sandbox && <Chip>sandbox</Chip>}
          {queue > 0 && (
            <Badge tone="warning" label={`${queue} queued messages`}>
              {queue}
            </Badge>
          )}
        </span>
      </button>
      <span className="w-phone-row__actions">
        {partner ? (
          <IconButton icon="copy" label={`Copy screen URL of ${title}`} onClick={onCopyUrl} />
        ) : disabled ? (
          <IconButton icon="power" label={`Enable ${title}`} onClick={onEnable} className="w-phone-row__enable" />
        ) : (
          <IconButton icon="power" label={`Disable ${title}`} onClick={onDisable} />
        )}
      </span>
    </li>
  );
}
