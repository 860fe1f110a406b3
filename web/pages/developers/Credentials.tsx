import { CopyField, type CopyFieldProps } from '../../components/CopyField';
import type { CopyButtonProps } from '../../components/CopyButton';

export interface CredentialsProps {
  productId: string;
  token: string;
  /** 'Copied' on the button (token page) or the 'Copied to clipboard!' notice (documentation). */
  feedback: CopyButtonProps['feedback'];
  /** Whether the token shows, for a page that shows it in a sample too. */
  tokenShown?: CopyFieldProps['shown'];
  onTokenShownChange?: CopyFieldProps['onShownChange'];
}

/** The product id and API token, each with a copy button. */
export function Credentials({ productId, token, feedback, tokenShown, onTokenShownChange }: CredentialsProps) {
  return (
    <div className="w-dev-grid">
      <CopyField
        label="Product ID"
        value={productId}
        feedback={feedback}
        hint="Part of every API address: /api/{product id}/…"
      />
      <CopyField
        label="Token"
        value={token}
        feedback={feedback}
        secret
        shown={tokenShown}
        onShownChange={onTokenShownChange}
        hint="Send it in the x-api-key header. Keep it secret."
      />
    </div>
  );
}
