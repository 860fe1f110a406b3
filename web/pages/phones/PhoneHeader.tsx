import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Chip } from '../../components/Badge';
import { IconButton } from '../../components/IconButton';
import { Menu } from '../../components/Menu';
import { phoneTitle, proxyLabel, type Phone } from '../../lib/phones';
import { StatusChip } from './StatusChip';

/** Refresh stays locked this long after it is used (2-phones §4.2). */
const REFRESH_LOCK_MS = 3_000;

/** `[locked, lock]`: `locked` is true for REFRESH_LOCK_MS after `lock()`. */
function useRefreshLock(): [boolean, () => void] {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [
    locked,
    () => {
      setLocked(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLocked(false), REFRESH_LOCK_MS);
    },
  ];
}

type MenuAction = 'redeploy' | 'factoryreset' | 'restart' | 'logout';

export interface PhoneHeaderProps {
  phone: Phone;
  /** The live status (from polling). */
  status: string;
  onCopyUrl: () => void;
  onRefresh: () => void;
  onAction: (action: MenuAction) => void;
  /** Partner mode control, for partner accounts. */
  mode?: ReactNode;
}

/** The detail panel's head: the phone's identity, its status, and its actions. */
export function PhoneHeader({ phone, status, onCopyUrl, onRefresh, onAction, mode }: PhoneHeaderProps) {
  const [locked, lock] = useRefreshLock();
  const enabled = status !== 'disabled';
  const refresh = () => {
    lock();
    onRefresh();
  };
  return (
    <div className="w-phone-head">
      <div className="w-phone-head__id">
        <h2 className="w-phone-head__title">{phoneTitle(phone)}</h2>
        <div className="w-phone-head__sub">
          <span>{phone.number ? `+${phone.number}` : 'No number yet'}</span>
          <span aria-hidden="true">·</span>
          <span>ID {phone.id}</span>
          {status === 'active' && (
            <>
              <span aria-hidden="true">·</span>
              <Link href={`/phone-detail/${phone.id}`}>Phone details</Link>
            </>
          )}
        </div>
        <div className="w-phone-head__chips">
          <StatusChip status={status} />
          {phone.data.sandbox && <Chip tone="info">sandbox</Chip>}
          {phone.proxy && <Chip>Proxy: {proxyLabel(phone.proxyRegion)}</Chip>}
        </div>
      </div>
      <div className="w-phone-head__actions">
        {mode}
        <IconButton icon="copy" label="Copy screen URL" onClick={onCopyUrl} />
        <IconButton icon="redeploy" label="Redeploy" disabled={!enabled} onClick={() => onAction('redeploy')} />
        <IconButton icon="refresh" label="Refresh screen" disabled={locked} onClick={refresh} />
        <Menu
          label="More actions"
          items={[
            { label: 'Refresh', icon: 'refresh', onSelect: refresh, disabled: locked },
            { label: 'Redeploy', icon: 'redeploy', onSelect: () => onAction('redeploy'), disabled: !enabled },
            {
              label: 'Factory Reset',
              icon: 'alert',
              onSelect: () => onAction('factoryreset'),
              disabled: !enabled,
              tone: 'danger',
            },
            { label: 'Browser Stuck', icon: 'monitor', onSelect: () => onAction('restart'), disabled: !enabled },
            { label: 'Logout', icon: 'logout', onSelect: () => onAction('logout'), disabled: !enabled, tone: 'danger' },
          ]}
        />
      </div>
    </div>
  );
}
