import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { errorMessage } from '../../lib/messaging-api';

export interface SimFormProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  /** Why the control will probably fail now; it can still be tried (the status shown may lag). */
  hint?: string;
  /** Runs the control; resolves to the success text. */
  onRun: () => Promise<string>;
  children?: ReactNode;
}

/** One simulator control: its fields, a button, and the outcome. */
export function SimForm({ title, description, submitLabel, hint, onRun, children }: SimFormProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      setResult({ tone: 'success', text: await onRun() });
    } catch (err) {
      setResult({ tone: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={title} description={description} as="h3">
      <form className="w-form" noValidate onSubmit={(e) => void submit(e)}>
        {children}
        <div className="w-form__actions">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {hint && <span className="w-field__hint">{hint}</span>}
        </div>
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
      </form>
    </Card>
  );
}
