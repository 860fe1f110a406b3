import { Link } from 'wouter';
import { AuthLayout } from '../../components/AuthLayout';
import { brandName, getConfig } from '../../lib/bootstrap';

/** /verify/agent/{token}: the spec does not show this page; it tells agents where they sign in. */
export default function VerifyAgentPage() {
  return (
    <AuthLayout brandName={brandName(getConfig().brand)} title="Agent verification" footer={<Link href="/login">Account owner? Log in</Link>}>
      <div className="w-form">
        <p>This link is for live-chat agents. Agents do not use this console: they sign in on the separate chat site with the e-mail and password their account owner set up for them.</p>
        <p className="w-muted">If you do not know the chat site address, ask the account owner who added you as an agent.</p>
      </div>
    </AuthLayout>
  );
}
