import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { CodeBlock } from '../../components/CodeBlock';
import { maskSecret } from '../../components/CopyField';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { $openApi, $openApiError, $samplePhoneId, openDocumentation } from '../../stores/developers/docs';
import { $product } from '../../stores/product';
import { ApiEndpoints, SendExamples, sendExamples } from './ApiSummary';
import { Credentials } from './Credentials';
import { mcpCommand, mcpConfig, mcpUrl, sdkSnippet, VERIFY_SNIPPET, vcardCurl } from './samples';
import './developers.css';

/** /developers/documentation: credentials, the API at a glance, a sample request, the SDK and MCP set-ups, and webhook signatures. */
export default function DocumentationPage() {
  const product = useStore($product);
  const phoneId = useStore($samplePhoneId);
  const doc = useStore($openApi);
  const docError = useStore($openApiError);
  // The sample shows the token only while its field does; its Copy copies the call with the token.
  const [tokenShown, setTokenShown] = useState(false);
  useEffect(openDocumentation, []);
  if (!product) return null;
  const token = product.settings.wapi_token ?? '';
  const origin = window.location.origin;
  // The samples show the token only while its field does; their Copy copies them with the token.
  const shown = tokenShown ? token : maskSecret(token);

  return (
    <div className="w-dev">
      <Card
        title="WhatsApp API documentation"
        description="Send and receive WhatsApp messages from your code. Every call carries your product ID in the address and your token in a header."
      >
        <div className="w-dev-stack">
          <Credentials
            productId={product.id}
            token={token}
            feedback="notice"
            tokenShown={tokenShown}
            onTokenShownChange={setTokenShown}
          />
          <div className="w-dev-links">
            <a className={buttonClass('primary', { size: 'sm' })} href="/api/reference" target="_blank" rel="noopener">
              <Icon name="external" size={16} />
              Interactive API reference
            </a>
            <Link className={buttonClass('secondary', { size: 'sm' })} href="/developers/wp_postman_documentation">
              <Icon name="download" size={16} />
              Postman collection
            </Link>
            <a className={buttonClass('ghost', { size: 'sm' })} href="/api/openapi.json" target="_blank" rel="noopener">
              <Icon name="file" size={16} />
              OpenAPI JSON
            </a>
            <Link className={buttonClass('ghost', { size: 'sm' })} href="/developers/instagram_documentation">
              <Icon name="camera" size={16} />
              Instagram documentation
            </Link>
          </div>
        </div>
      </Card>

      <Card
        title="Sample request: send a contact card"
        description="Message type vcard: the message holds a display name and the vCard text. The phone must be active."
      >
        <CodeBlock
          label="curl"
          code={vcardCurl(origin, product.id, shown, phoneId)}
          copyValue={vcardCurl(origin, product.id, token, phoneId)}
        />
      </Card>

      <Card
        title="Use from TypeScript"
        description="@wapi/client: every call typed from the OpenAPI document, retries on 429 and 503, an Idempotency-Key on every send, and webhook signature checks (verifyWebhook). Node 20+, Deno, Bun, browsers and Workers."
      >
        <CodeBlock
          label="TypeScript"
          code={sdkSnippet(origin, product.id, shown, phoneId)}
          copyValue={sdkSnippet(origin, product.id, token, phoneId)}
        />
      </Card>

      <Card
        title="Use from an AI assistant"
        description={`Your phones as an MCP server: an assistant can list phones and conversations, read and search chats, check numbers and send messages. Every call is in your API log, with the same limits as the API. Address: ${mcpUrl(origin, product.id)}`}
      >
        <div className="w-dev-stack">
          <CodeBlock
            label="MCP client configuration (mcpServers)"
            code={mcpConfig(origin, product.id, shown)}
            copyValue={mcpConfig(origin, product.id, token)}
          />
          <CodeBlock
            label="Claude Code"
            code={mcpCommand(origin, product.id, shown)}
            copyValue={mcpCommand(origin, product.id, token)}
          />
        </div>
      </Card>

      <Card
        title="Webhook signatures"
        description="Incoming messages and events are POSTed to your webhook, signed with the Standard Webhooks headers."
      >
        <div className="w-dev-stack">
          <dl className="w-dev-defs">
            <dt>webhook-id</dt>
            <dd>The event's id. It stays the same when a delivery is retried, so you can drop duplicates.</dd>
            <dt>webhook-timestamp</dt>
            <dd>Unix seconds of the attempt. Refuse old ones (say, older than 5 minutes).</dd>
            <dt>webhook-signature</dt>
            <dd>
              <code className="w-inline-code">v1,base64(HMAC-SHA256(secret, id.timestamp.body))</code>, keyed by the
              bytes of your signing secret (the base64 after <code className="w-inline-code">whsec_</code>). The secret
              is on the <Link href="/developers/webhook">Webhook page</Link>.
            </dd>
          </dl>
          <CodeBlock label="Verify a signature (Node)" code={VERIFY_SNIPPET} />
        </div>
      </Card>

      <Card
        title="Endpoints"
        description={
          doc ? `${doc.info.title} ${doc.info.version}, base address ${origin}/api/${product.id}` : undefined
        }
      >
        {docError ? (
          <Alert tone="error">{docError}</Alert>
        ) : doc ? (
          <ApiEndpoints doc={doc} />
        ) : (
          <Loader label="Loading the API description…" />
        )}
      </Card>

      {doc && (
        <Card
          title="sendMessage examples"
          description={`POST /api/${product.id}/{phone_id}/sendMessage with one of these bodies.`}
        >
          <SendExamples examples={sendExamples(doc)} />
        </Card>
      )}
    </div>
  );
}
