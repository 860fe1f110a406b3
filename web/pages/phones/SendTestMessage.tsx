import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { TextField } from '../../components/TextField';
import { PHONE_MSG, testDisabledText } from '../../lib/phone-messages';
import { useAction } from '../../lib/use-action';

export interface SendTestMessageProps {
  /** The selected phone's live status; null when no phone is selected. */
  status: string | null;
  /** Checks the status, then queues the message; rejects with the text to show. */
  onSend: (to: string, text: string) => Promise<void>;
}

type Result = { tone: 'success' | 'error'; text: string } | null;

/** Sends 'Hello World!' (or any text) from the selected phone to a test number (2-phones §5, §8). */
export function SendTestMessage({ status, onSend }: SendTestMessageProps) {
  const [to, setTo] = useState('');
  const [text, setText] = useState<string>(PHONE_MSG.testDefaultText);
  const [result, setResult] = useState<Result>(null);
  const inactive = status !== null && status !== 'active';
  const reasonId = useId();
  const send = useAction(
    async (number: string) => {
      await onSend(number, text);
      setResult({ tone: 'success', text: PHONE_MSG.testQueued });
    },
    { onError: (message) => setResult({ tone: 'error', text: message }) },
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status === null || !to.trim()) {
      setResult({ tone: 'error', text: PHONE_MSG.testNotSelected });
      return;
    }
    // The number with its country code, as WhatsApp needs it (00 and a trunk 0 after the code dropped);
    // the reader (libphonenumber-js) loads on the first send, so the phones page opens without it.
    const { normalizePhone } = await import('../../lib/phone-numbers');
    const number = normalizePhone(to);
    if (!number.ok) return setResult({ tone: 'error', text: number.error });
    setResult(null);
    void send.run(number.digits);
  };
  return (
    <form className="w-tool w-test-form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="w-test-form__fields">
        <TextField
          label="Test number"
          name="testNumber"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="905301234567"
          value={to}
          onChange={setTo}
          hint="With the country code, e.g. 905301234567."
        />
        <TextField label="Message" name="testMessage" value={text} onChange={setText} />
      </div>
      <div className="w-test-form__foot">
        <Button
          type="submit"
          loading={send.busy}
          disabled={inactive}
          aria-describedby={inactive ? reasonId : undefined}
        >
          <Icon name="send" size={16} />
          Send
        </Button>
        {inactive && (
          <p className="w-field__hint" id={reasonId}>
            {testDisabledText(status)}
          </p>
        )}
      </div>
      {result && (
        <Alert tone={result.tone}>
          {result.text}
          {result.tone === 'success' && (
            <>
              {' '}
              See it in the <Link href="/developers/logs">logs</Link>.
            </>
          )}
        </Alert>
      )}
    </form>
  );
}
