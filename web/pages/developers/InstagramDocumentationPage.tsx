import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { DEV_MSG } from '../../lib/dev-messages';
import './developers.css';

/** /developers/instagram_documentation: Instagram accounts are not offered by this server yet. */
export default function InstagramDocumentationPage() {
  return (
    <Card title="Instagram API documentation">
      <div className="w-dev-stack">
        <Alert tone="info">{DEV_MSG.instagramUnavailable}</Alert>
        <p className="w-muted">
          When they arrive, Instagram accounts will be added from the Instagram page and used through the same API as your WhatsApp phones. Until then, see the{' '}
          <Link href="/developers/documentation">WhatsApp API documentation</Link>.
        </p>
      </div>
    </Card>
  );
}
