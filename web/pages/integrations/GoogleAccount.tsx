import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import type { GoogleStatus } from '../../stores/integrations';

export interface GoogleAccountProps {
  status: GoogleStatus | null;
  /** Why the status could not be read (e.g. Google not configured on this server). */
  error: string;
  onAuthorise: (authUrl: string) => void;
  onUnlink: () => void;
}

/** Step 0 of the Google integrations: authorise an account, or the one that is linked. */
export function GoogleAccount({ status, error, onAuthorise, onUnlink }: GoogleAccountProps) {
  if (error) {
    return (
      <Card title="Google account">
        <Alert tone="info">{error}</Alert>
      </Card>
    );
  }
  if (!status) return <Loader label="Loading Google account…" />;
  if (!status.linked) {
    return (
      <Card
        title="Google account"
        description="Authorise a Google account to send from its sheets and add to its contacts. Google asks you to allow Sheets and Contacts."
      >
        <div className="w-pt-row">
          <Button onClick={() => onAuthorise(status.authUrl)}>Authorise with Google</Button>
        </div>
      </Card>
    );
  }
  return (
    <Card title="Google account">
      <div className="w-pt-row">
        <span>
          Authorised as <strong>{status.email}</strong> ({status.name})
        </span>
        <Button variant="secondary" size="sm" onClick={onUnlink}>
          Unlink
        </Button>
      </div>
    </Card>
  );
}
