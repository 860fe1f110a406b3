import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { exampleFile, readCheckFile } from '../../lib/check-files';
import { saveFile } from '../../lib/developers';
import {
  batchForCount,
  checkFileProblem,
  checkNumbersProblem,
  EXAMPLE_FILE,
  MULTI,
  MULTI_FILE_MAX_BYTES,
  MULTI_TOAST_MS,
  TOOLS_MSG,
} from '../../lib/phone-tools';
import { $run, forgetMultiCheck, resumeMultiCheck, startMultiCheck, stopMultiCheck } from '../../stores/multi-check';
import { $toolPhones, loadToolPhones } from '../../stores/tools';
import { showToast, toastsOnTop } from '../../stores/toasts';
import { MultiProgress } from './MultiProgress';
import { SpeedSettings } from './SpeedSettings';
import { ToolPhonePicker } from './ToolPhonePicker';
import './phone-tools.css';

interface Loaded {
  name: string;
  numbers: string[];
}

/** The upload: drag and drop or the button; the file's numbers, or the spec's message. */
function FileDrop({ onLoaded }: { onLoaded: (l: Loaded) => void }) {
  const [over, setOver] = useState(false);
  const take = async (file: File | undefined) => {
    if (!file) return;
    // Not CSV or Excel, empty, or over the size limit: said before the file is read.
    const problem = checkFileProblem(file);
    if (problem) return showToast(problem, 'error', MULTI_TOAST_MS);
    let numbers: string[];
    try {
      const read = await readCheckFile(await file.arrayBuffer());
      const none = checkNumbersProblem(file.name, read);
      if (none) return showToast(none, 'error', MULTI_TOAST_MS);
      numbers = read.numbers;
    } catch (e) {
      return showToast(
        e instanceof Error ? TOOLS_MSG.excelError(e.message) : TOOLS_MSG.readError,
        'error',
        MULTI_TOAST_MS,
      );
    }
    showToast(TOOLS_MSG.numbersLoaded(numbers.length), 'success', MULTI_TOAST_MS);
    onLoaded({ name: file.name, numbers });
  };
  return (
    <div
      className={`w-pt-drop${over ? ' w-pt-drop--over' : ''}`}
      onDragOver={(e) => (e.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => (e.preventDefault(), setOver(false), void take(e.dataTransfer.files[0]))}
    >
      <p>
        Drop an Excel file here (.xlsx, .xls or .csv, up to {MULTI_FILE_MAX_BYTES / 1024 / 1024} MB): numbers in column
        A of the first sheet.
      </p>
      <label className="w-file">
        <span className={buttonClass('secondary')}>Choose file</span>
        <input
          className="w-sr-only"
          type="file"
          accept=".xlsx,.xls,.csv"
          aria-label="Upload numbers file"
          onChange={(e) => void take(e.target.files?.[0])}
        />
      </label>
    </div>
  );
}

/** /tools/multi-whatsapp-check-numbers: upload and configure, then process and results. */
export default function MultiCheckerPage() {
  const phones = useStore($toolPhones);
  const run = useStore($run);
  const [phoneId, setPhoneId] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [batch, setBatch] = useState<number>(MULTI.defaultBatch);
  const [interval, setIntervalMin] = useState<number>(MULTI.defaultInterval);
  useEffect(() => {
    void loadToolPhones();
    resumeMultiCheck();
    return stopMultiCheck;
  }, []);
  // The toasts of this page ('{n} numbers loaded successfully', ...) would cover Check Numbers at the bottom.
  useEffect(toastsOnTop, []);
  const onLoaded = (l: Loaded) => {
    setLoaded(l);
    setBatch(batchForCount(l.numbers.length));
  };
  const start = () => {
    if (!phoneId || !loaded) return showToast(TOOLS_MSG.needPhoneAndNumbers, 'error', MULTI_TOAST_MS);
    startMultiCheck({ phoneId, fileName: loaded.name, batchSize: batch, intervalMin: interval }, loaded.numbers);
  };
  const again = () => {
    forgetMultiCheck();
    location.reload();
  };
  const step = run ? 1 : 0;
  return (
    <div className="w-pt">
      <ol className="w-pt-steps">
        <li aria-current={step === 0 ? 'step' : undefined}>1. Upload and Configure</li>
        <li aria-current={step === 1 ? 'step' : undefined}>2. Process and Results</li>
      </ol>
      {run ? (
        <MultiProgress run={run} onAgain={again} />
      ) : (
        <Card
          title="Upload and Configure"
          description="Check many numbers at once: they are checked one a second, in batches with a pause between them, so your phone is not flagged."
        >
          <div className="w-pt-stack">
            <ToolPhonePicker
              phones={phones && phones.filter((p) => p.status === 'active')}
              value={phoneId}
              onChange={setPhoneId}
              placeholder="Select a phone"
            />
            <FileDrop onLoaded={onLoaded} />
            <Button variant="ghost" onClick={() => void exampleFile().then((b) => saveFile(EXAMPLE_FILE, b))}>
              Download example file ({EXAMPLE_FILE})
            </Button>
            {loaded && (
              <p className="w-muted">
                {TOOLS_MSG.numbersLoaded(loaded.numbers.length)}: {loaded.name}
              </p>
            )}
            <SpeedSettings
              count={loaded?.numbers.length ?? 0}
              batch={batch}
              interval={interval}
              onBatch={setBatch}
              onInterval={setIntervalMin}
            />
            <Button onClick={start}>Check Numbers</Button>
          </div>
        </Card>
      )}
    </div>
  );
}
