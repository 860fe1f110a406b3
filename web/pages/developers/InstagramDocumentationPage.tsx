import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Card } from '../../components/Card';
import { CodeBlock } from '../../components/CodeBlock';
import { Loader } from '../../components/Loader';
import { $openApi, $openApiError, openDocumentation } from '../../stores/developers/docs';
import { $product } from '../../stores/product';
import { Credentials } from './Credentials';
import { instagramOperations, type DocOperation } from './instagram-doc';
import './developers.css';

/** One call: method, path, summary, description and (for the Instagram calls) its request examples. */
function Operation({ entry, base, examples = true }: { entry: DocOperation; base: string; examples?: boolean }) {
  return (
    <section className="w-dev-stack" aria-label={`${entry.method} ${entry.path}`}>
      <div className="w-api__op">
        <Chip tone={entry.method === 'GET' ? 'info' : 'success'}>{entry.method}</Chip>
        <code className="w-api__path">{entry.path}</code>
        <span className="w-api__summary">{entry.op.summary}</span>
      </div>
      {entry.op.description && <p className="w-muted">{entry.op.description}</p>}
      {examples &&
        Object.entries(entry.examples).map(([name, value]) => (
          <CodeBlock key={name} label={`${name}: POST ${base}${entry.path}`} code={JSON.stringify(value, null, 2)} />
        ))}
    </section>
  );
}

/** /developers/instagram_documentation: the Instagram calls, generated from the messaging API's document. */
export default function InstagramDocumentationPage() {
  const product = useStore($product);
  const doc = useStore($openApi);
  const docError = useStore($openApiError);
  useEffect(openDocumentation, []);
  if (!product) return null;
  const base = `${window.location.origin}/api/${product.id}`;
  const ops = doc ? instagramOperations(doc) : null;
  return (
    <div className="w-dev">
      <Card
        title="Instagram API documentation"
        description="Add Instagram accounts, log them in and send and receive their direct messages with the same token and calls as your WhatsApp phones."
      >
        <div className="w-dev-stack">
          <Credentials productId={product.id} token={product.settings.wapi_token ?? ''} feedback="notice" />
          <p className="w-muted">
            An Instagram account is listed by listPhones with <code className="w-inline-code">type: "instagram"</code>;
            its id is the phone id of the per-phone calls. Incoming direct messages reach your webhook like WhatsApp
            messages. See also the <Link href="/developers/documentation">WhatsApp API documentation</Link> and manage
            accounts on the <Link href="/instagram">Instagram page</Link>.
          </p>
        </div>
      </Card>
      <Card title="Instagram calls" description={`Base address ${base}`}>
        {docError ? (
          <Alert tone="error">{docError}</Alert>
        ) : ops ? (
          <div className="w-dev-stack">
            {ops.own.map((e) => (
              <Operation key={`${e.method} ${e.path}`} entry={e} base={base} />
            ))}
          </div>
        ) : (
          <Loader label="Loading the API description…" />
        )}
      </Card>
      {ops && (
        <Card
          title="Calls Instagram accounts share with phones"
          description="Direct messages are text and media messages of sendMessage; the other message types answer 422 UNSUPPORTED."
        >
          <div className="w-dev-stack">
            {ops.shared.map((e) => (
              <Operation key={`${e.method} ${e.path}`} entry={e} base={base} examples={false} />
            ))}
          </div>
        </Card>
      )}
    </div>
  );
}
