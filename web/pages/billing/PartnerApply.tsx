import { Link } from 'wouter';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';

/**
 * `/subscription_partner` for an account that is not a partner (issue 38): what the partner program
 * is and how to apply, instead of sending the account away to /subscription without a word.
 */
export function PartnerApply({ supportEmail }: { supportEmail: string }) {
  return (
    <div className="w-billing">
      <Card title="Become a partner">
        <div className="w-partner-apply">
          <p>
            Partners resell WhatsApp API access to their own customers. A partner account is billed by use instead of by
            package: each phone costs $1 for every day it is live in the month, at most $30 a month, and the
            month&apos;s phones are paid together. We set how many phones a partner may run, and the partner puts each
            phone in trial or live mode.
          </p>
          <p>
            Your account is not a partner account, so this page has no partner billing to show. Your own packages and
            subscriptions are on the subscription page.
          </p>
          <h3 className="w-partner-apply__title">How to apply</h3>
          <ol className="w-partner-apply__steps">
            <li>
              Tell us about your business: what you build on the API, who your customers are and how many phones you
              expect to run.
            </li>
            <li>
              Send it with the contact form, or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
            </li>
            <li>
              We answer to the e-mail address of your account. Once your account is a partner account, this page shows
              your partner subscriptions and the phones of each month.
            </li>
          </ol>
          <div className="w-billing__actions">
            <Link href="/contact" className={buttonClass('primary')}>
              Apply to become a partner
            </Link>
            <Link href="/subscription" className={buttonClass('secondary')}>
              Your subscription
            </Link>
          </div>
        </div>
      </Card>
    </div>
  );
}
