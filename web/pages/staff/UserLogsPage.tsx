import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { TextField } from '../../components/TextField';
import { ToggleGroup } from '../../components/ToggleGroup';
import {
  $logUser,
  $logUserError,
  $userLogCount,
  $userLogFilter,
  $userLogPage,
  $userLogRows,
  $userLogShown,
  chooseUserLog,
  filterUserLogs,
  openUserLogs,
  showUserLogPage,
} from '../../stores/staff-logs';
import { LogBrowser } from '../developers/LogBrowser';
import { LOG_FILTERS } from '../developers/log-summary';
import '../developers/developers.css';
import './staff-users.css';

/** `/yta/logs?uid=|email=`: a user's API logs, read with their product token (no password needed). */
export default function UserLogsPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const uid = Number(params.get('uid')) || undefined;
  const email = params.get('email')?.trim() || undefined;
  const user = useStore($logUser);
  const error = useStore($logUserError);
  const filter = useStore($userLogFilter);
  const page = useStore($userLogPage);
  const count = useStore($userLogCount);
  const rows = useStore($userLogRows);
  const shown = useStore($userLogShown);
  const [who, setWho] = useState(email ?? (uid ? String(uid) : ''));
  useEffect(() => {
    if (uid || email) void openUserLogs(uid ? { uid } : { email });
  }, [uid, email]);
  const open = (e: FormEvent) => {
    e.preventDefault();
    const v = who.trim();
    if (v) navigate(/^\d+$/.test(v) ? `/yta/logs?uid=${v}` : `/yta/logs?email=${encodeURIComponent(v)}`);
  };
  return (
    <Card className="staff-users" title="Logs">
      <form className="staff__filters" onSubmit={open}>
        <TextField label="User id or e-mail" value={who} onChange={setWho} />
        <Button type="submit">Open</Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
      {user && (
        <p className="staff-users__figures">
          <strong>{user.product.email}</strong> · uid {user.product.uid} · product {user.product.id} ·{' '}
          {user.product.settings.subscription_package ?? 'no package'}{' '}
          <CopyButton value={user.token} label="Copy the user's API token" text="Token" />
        </p>
      )}
      {user && (
        <>
          <div className="staff-users__types">
            <ToggleGroup label="Log type" value={filter} options={LOG_FILTERS} onChange={filterUserLogs} />
          </div>
          <LogBrowser
            rows={rows}
            shown={shown}
            page={page}
            count={count}
            empty="No events."
            onChoose={chooseUserLog}
            onPage={showUserLogPage}
          />
        </>
      )}
    </Card>
  );
}
