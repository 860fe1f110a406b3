import { useState } from 'react';
import { Card } from '../../components/Card';
import { CodeBlock } from '../../components/CodeBlock';
import { CopyField, maskSecret } from '../../components/CopyField';

export interface ApiAccessProps {
  origin: string;
  productId: string;
  token: string;
  phoneId: number;
}

/** A curl command that sends a text through the phone. */
function textCurl({ origin, productId, token, phoneId }: ApiAccessProps): string {
  return [
    `curl -X POST '${origin}/api/${productId}/${phoneId}/sendMessage' \\`,
    `  -H 'x-api-key: ${token}' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d '{"to_number": "905301234567", "type": "text", "message": "Hello World!"}'`,
  ].join('\n');
}

/**
 * What code needs to use this phone: its base address, the token and a sample call. The token shows in
 * the sample only while it shows in its field; Copy copies the call with the token either way.
 */
export function ApiAccess(props: ApiAccessProps) {
  const [shown, setShown] = useState(false);
  const base = `${props.origin}/api/${props.productId}/${props.phoneId}`;
  const curl = textCurl(props);
  return (
    <Card
      title="API access"
      description="Calls about this phone go under its base address, with your token in the x-api-key header."
    >
      <div className="w-dev-stack">
        <CopyField label="Base address" value={base} feedback="notice" />
        <CopyField label="Token" value={props.token} secret shown={shown} onShownChange={setShown} feedback="notice" />
        <CodeBlock
          label="Send a text (curl)"
          code={shown ? curl : textCurl({ ...props, token: maskSecret(props.token) })}
          copyValue={curl}
        />
      </div>
    </Card>
  );
}
