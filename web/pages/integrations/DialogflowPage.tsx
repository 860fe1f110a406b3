import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { PhonePicker } from '../../components/PhonePicker';
import { SaveButton } from '../../components/SaveButton';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import { DIALOGFLOW_FILE_JSON, DIALOGFLOW_SAVED } from '../../../src/shared/dialogflow-messages';
import { loadDialogflow, saveDialogflow, type DialogflowIntegration } from '../../stores/integrations';
import { showToast } from '../../stores/toasts';
import { $toolPhones, loadToolPhones } from '../../stores/tools';
import '../tools/phone-tools.css';
import './integrations.css';

/** After a successful save the page reloads after 2 s (3-developer §2.1). */
const RELOAD_MS = 2_000;
const when = (ms: number | null) => (ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) : '–');

/** What is linked to the chosen phone: the key file's name and account, the last answer and the last failure. */
export function DialogflowStatus({ integration }: { integration: DialogflowIntegration }) {
  return (
    <div className="w-pt-stack">
      <dl className="w-pt-defs w-int-defs">
        <dt>Credentials</dt>
        <dd>
          {integration.file_name} ({integration.client_email})
        </dd>
        <dt>Last answer</dt>
        <dd>{when(integration.last_answer_at)}</dd>
        <dt>Waiting</dt>
        <dd>{countOf(integration.pending, 'message')}</dd>
      </dl>
      {integration.last_error && (
        <Alert tone="error">
          Last failure ({when(integration.last_error_at)} UTC): {integration.last_error}
        </Alert>
      )}
    </div>
  );
}

/** /integrations/dialogflow and /developers/dialogflow-integration: a phone's Dialogflow ES agent. */
export default function DialogflowPage() {
  const phones = useStore($toolPhones);
  const [phoneId, setPhoneId] = useState('');
  const [projectId, setProjectId] = useState('');
  const [languageCode, setLanguageCode] = useState('en');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState('');
  const [current, setCurrent] = useState<DialogflowIntegration | null>(null);
  useEffect(() => void loadToolPhones(), []);
  useEffect(() => {
    let live = true;
    void loadDialogflow(phoneId)
      .then((res) => {
        if (!live) return;
        setCurrent(res.data);
        if (res.data) {
          if (!phoneId) setPhoneId(String(res.data.phone_id));
          setProjectId(res.data.project_id);
          setLanguageCode(res.data.languageCode);
        }
      })
      .catch(() => live && setCurrent(null));
    return () => {
      live = false;
    };
  }, [phoneId]);
  const save = useAction(
    () =>
      saveDialogflow({
        phone_id: phoneId,
        project_id: projectId.trim(),
        languageCode: languageCode.trim(),
        credentials: file?.text ?? '',
        file_name: file?.name ?? '',
      }),
    { errorLabel: true },
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await save.run()) {
      showToast(DIALOGFLOW_SAVED, 'success');
      setTimeout(() => window.location.reload(), RELOAD_MS);
    }
  };
  const pick = async (picked: File | undefined) => {
    setFile(null);
    setFileError('');
    if (!picked) return;
    if (!/\.json$/i.test(picked.name)) return setFileError(DIALOGFLOW_FILE_JSON);
    setFile({ name: picked.name, text: await picked.text() });
  };
  return (
    <div className="w-pt">
      <Card
        title="Dialogflow integration"
        description="Messages your customers send to the phone go to your Dialogflow ES agent, and its answers are sent back from the phone."
      >
        <form className="w-pt-stack" onSubmit={(e) => void submit(e)}>
          <PhonePicker phones={phones ?? []} value={phoneId} onChange={setPhoneId} placeholder="Select a phone" />
          <div className="w-pt-row w-pt-row--form">
            <TextField label="Project ID" value={projectId} onChange={setProjectId} required />
            <TextField label="Language code" value={languageCode} onChange={setLanguageCode} required />
          </div>
          <label className="w-field w-int-file">
            <span className="w-field__label">Credentials (.json)</span>
            <input type="file" accept=".json,application/json" onChange={(e) => void pick(e.target.files?.[0])} />
          </label>
          {fileError && <Alert tone="error">{fileError}</Alert>}
          {save.error && <Alert tone="error">{save.error}</Alert>}
          <div className="w-pt-row">
            <SaveButton action={save} disabled={!phoneId || !projectId.trim() || !languageCode.trim() || !file} />
          </div>
        </form>
      </Card>
      {current && (
        <Card title="Linked agent">
          <DialogflowStatus integration={current} />
        </Card>
      )}
    </div>
  );
}
