import { Link, useSearch } from 'wouter';
import { AuthLayout } from '../../components/AuthLayout';
import { buttonClass } from '../../components/Button';
import { brandName, getConfig } from '../../lib/bootstrap';

/** The server's development mailbox (embedded mode, no SMTP). */
const LOCAL_MAILBOX_URL = '/dev/mailbox';

export interface CheckYourMailProps {
  mail: string;
  mailbox: boolean;
}

/** The notice that a reset link was sent. */
export function CheckYourMail({ mail, mailbox }: CheckYourMailProps) {
  return (
    <div className="w-form">
      <p>
        We have sent a password reset link to <strong>{mail || 'your e-mail address'}</strong>. Open it to choose a new
        password.
      </p>
      <p className="w-muted">
        The link is valid for a limited time. If you cannot find the mail, check your spam folder.
      </p>
      {mailbox && (
        <a className={buttonClass('secondary', { block: true })} href={LOCAL_MAILBOX_URL}>
          Open the local mailbox
        </a>
      )}
    </div>
  );
}

/** /forgot/checkyourmail?mail={email} */
export default function CheckYourMailPage() {
  const mail = new URLSearchParams(useSearch()).get('mail') ?? '';
  const config = getConfig();
  return (
    <AuthLayout
      brandName={brandName(config.brand)}
      title="Check your mail"
      footer={<Link href="/login">Back to login</Link>}
    >
      <CheckYourMail mail={mail} mailbox={config.mailbox} />
    </AuthLayout>
  );
}
