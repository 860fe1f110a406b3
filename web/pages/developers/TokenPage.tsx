import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import { Card } from '../../components/Card';
import { $product } from '../../stores/product';
import { Credentials } from './Credentials';
import './developers.css';

/** /developers/token: the product id and token with copy buttons that read 'Copied' for 2 s. */
export default function TokenPage() {
  const product = useStore($product);
  if (!product) return null;
  return (
    <Card
      title="API credentials"
      description="Your code calls the messaging API as your product: with the product ID in the address and the token in a header."
    >
      <div className="w-dev-stack">
        <Credentials productId={product.id} token={product.settings.wapi_token ?? ''} feedback="indicator" />
        <p className="w-muted">
          Every request needs both, e.g. <code className="w-inline-code">GET /api/{product.id}/listPhones</code> with
          the header <code className="w-inline-code">x-api-key: &lt;token&gt;</code>. See the{' '}
          <Link href="/developers/documentation">documentation</Link> for the calls.
        </p>
      </div>
    </Card>
  );
}
