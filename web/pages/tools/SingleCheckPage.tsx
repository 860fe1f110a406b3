import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { TOOL_NAMES } from '../../../src/shared/tool-names';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { copyText } from '../../components/CopyButton';
import { maskSecret } from '../../components/CopyField';
import { TextField } from '../../components/TextField';
import { COPY_TOAST_MS, curlSnippet, digitsOnly, TOOLS_MSG } from '../../lib/phone-tools';
import { normalizePhone } from '../../lib/phone-numbers';
import type { Phone } from '../../lib/phones';
import { $product } from '../../stores/product';
import { $toolPhones, checkNumber, checkProfilePicture, loadToolPhones, type CheckAlert } from '../../stores/tools';
import { showToast } from '../../stores/toasts';
import { ToolPhonePicker } from './ToolPhonePicker';
import './phone-tools.css';

type Mode = 'picture' | 'number';
/** `curl` is copied whole; `curlShown` is the same call with the token masked, as the documentation page shows it. */
type Result = CheckAlert & { url?: string; curl?: string; curlShown?: string };

/** How an active phone reads in the checkers' picker: id - number - optional name. */
function checkerOptionText(p: Pick<Phone, 'id' | 'number' | 'name'>): string {
  return [p.id, p.number, p.name].filter(Boolean).join(' - ');
}

/** The form and result of one check; the page supplies the phones. */
export function SingleCheck({
  mode,
  phones,
  initial,
}: {
  mode: Mode;
  phones: readonly Phone[] | null;
  initial?: Result;
}) {
  const [phoneId, setPhoneId] = useState('');
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(initial ?? null);
  const product = useStore($product);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!phoneId || !number) return setResult({ tone: 'error', text: TOOLS_MSG.checkNeedsBoth });
    // The number with its country code (a leading 00 dropped, the digits checked for that country).
    const checked = normalizePhone(number);
    if (!checked.ok) return setResult({ tone: 'error', text: checked.error });
    const n = checked.digits;
    setBusy(true);
    setResult(null);
    if (mode === 'picture') setResult(await checkProfilePicture(phoneId, n));
    else {
      const r = await checkNumber(phoneId, n);
      const token = r.ok ? product?.settings.wapi_token : undefined;
      setResult(
        token
          ? {
              ...r,
              curl: curlSnippet(location.origin, product!.id, phoneId, token, n),
              curlShown: curlSnippet(location.origin, product!.id, phoneId, maskSecret(token), n),
            }
          : r,
      );
    }
    setBusy(false);
  };
  const copyCurl = async (curl: string) => {
    await copyText(curl);
    showToast(TOOLS_MSG.curlCopied, 'success', COPY_TOAST_MS);
  };
  return (
    <form className="w-pt-stack" onSubmit={(e) => void submit(e)}>
      <div className="w-pt-row w-pt-row--form">
        <ToolPhonePicker
          phones={phones}
          value={phoneId}
          onChange={setPhoneId}
          placeholder="Select a phone"
          optionText={checkerOptionText}
        />
        <TextField
          label="Phone number"
          value={number}
          onChange={(v) => setNumber(digitsOnly(v))}
          inputMode="numeric"
          placeholder="905301234567"
          hint={number ? `+${number}` : 'Digits only, with the country code'}
        />
        <Button type="submit" loading={busy} disabled={!phoneId || !number}>
          Check Number
        </Button>
      </div>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      {result?.url && (
        <img className="w-pt-avatar" src={result.url} alt={`Profile picture of +${number}`} width={200} height={200} />
      )}
      {result?.curl && (
        <div className="w-pt-stack">
          <pre className="w-pt-code" aria-label="cURL of the status check">
            <code>{result.curlShown ?? result.curl}</code>
          </pre>
          <Button variant="secondary" onClick={() => void copyCurl(result.curl!)}>
            Copy cURL
          </Button>
        </div>
      )}
    </form>
  );
}

const COPY: Record<Mode, { title: string; description: string }> = {
  picture: {
    title: TOOL_NAMES['/tools/get-whatsapp-profile-picture'],
    description: 'See the WhatsApp profile picture of a number, checked through one of your active phones.',
  },
  number: {
    title: TOOL_NAMES['/tools/whatsapp-check-numbers'],
    description: 'Find out whether a number uses WhatsApp, checked through one of your active phones.',
  },
};

/** /tools/get-whatsapp-profile-picture and /tools/whatsapp-check-numbers. */
export function SingleCheckPage({ mode }: { mode: Mode }) {
  const phones = useStore($toolPhones);
  useEffect(() => void loadToolPhones(), []);
  return (
    <Card title={COPY[mode].title} description={COPY[mode].description}>
      <SingleCheck mode={mode} phones={phones && phones.filter((p) => p.status === 'active')} />
    </Card>
  );
}
