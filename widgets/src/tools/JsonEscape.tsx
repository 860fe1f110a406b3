import { useId, useState } from 'react';
import {
  MESSAGES,
  SAMPLES,
  escapeJson,
  fetchJson,
  readJsonUpload,
  saveTarget,
  transform,
  unescapeJson,
} from './json-escape.js';
import { ToolRoot, download, useNotice } from './ui.js';

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The JSON Escape/Unescape tool: samples, fetch by URL, upload, escape, unescape, copy and save. */
export function JsonEscape() {
  const [input, setInput] = useState('');
  const [result, setResult] = useState('');
  const [url, setUrl] = useState('');
  const [asking, setAsking] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [notice, show] = useNotice();
  // Why the last uploaded file was not taken, shown under the input (which keeps its text).
  const [fileError, setFileError] = useState('');
  const id = useId();
  const edit = (text: string) => {
    setInput(text);
    setFileError('');
  };
  const blank = !input.trim();
  const nothing = !result && blank;
  const run = (fn: (t: string) => string, ok: string, failed: string) => {
    const done = transform(fn, input, ok, failed);
    setResult(done.result);
    show(done.notice);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    let read: { input: string } | { error: string };
    try {
      read = readJsonUpload(await file.text());
    } catch (err) {
      read = { error: MESSAGES.readFailed(reason(err)) };
    }
    if ('error' in read) return setFileError(read.error);
    edit(read.input);
  };
  const fetchUrl = async () => {
    try {
      edit(await fetchJson(url.trim()));
      setAsking(false);
    } catch (err) {
      show(MESSAGES.fetchFailed(reason(err)));
    }
  };
  const save = (kind: 'JSON' | 'TXT') => {
    setChoosing(false);
    try {
      const { name, type } = saveTarget(kind);
      download(new Blob([result || input], { type }), name);
      show(MESSAGES.saved(kind));
    } catch (err) {
      show(MESSAGES.saveFailed(reason(err)));
    }
  };
  return (
    <ToolRoot name="json-escape-unescape">
      <div className="wt-row">
        <button type="button" className="wt-quiet" onClick={() => edit(SAMPLES.simple)}>
          Sample JSON (simple)
        </button>
        <button type="button" className="wt-quiet" onClick={() => edit(SAMPLES.complex)}>
          Sample JSON (complex)
        </button>
        <button type="button" className="wt-quiet" onClick={() => setAsking(true)}>
          With URL
        </button>
        <label className="wt-field">
          <span>Upload JSON</span>
          <input type="file" accept=".json,application/json" onChange={(e) => void upload(e.target.files?.[0])} />
        </label>
      </div>
      {asking && (
        <div className="wt-dialog" role="dialog" aria-label="Enter JSON URL">
          <strong>Enter JSON URL</strong>
          <input
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-label="JSON URL"
            placeholder="https://"
          />
          <div className="wt-row">
            <button type="button" disabled={!url.trim()} onClick={() => void fetchUrl()}>
              Fetch JSON
            </button>
            <button type="button" className="wt-quiet" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <label className="wt-field">
        <span>Input</span>
        <textarea
          value={input}
          onChange={(e) => edit(e.target.value)}
          rows={8}
          aria-describedby={fileError ? `${id}-file-error` : undefined}
        />
      </label>
      {fileError && (
        <p className="wt-error" id={`${id}-file-error`} role="alert">
          {fileError}
        </p>
      )}
      <div className="wt-row">
        <button type="button" disabled={blank} onClick={() => run(escapeJson, MESSAGES.escaped, MESSAGES.escapeFailed)}>
          Escape
        </button>
        <button
          type="button"
          disabled={blank}
          onClick={() => run(unescapeJson, MESSAGES.unescaped, MESSAGES.unescapeFailed)}
        >
          Unescape
        </button>
        <button
          type="button"
          className="wt-quiet"
          onClick={() => {
            edit('');
            setResult('');
            show(MESSAGES.allCleared);
          }}
        >
          Clear All
        </button>
      </div>
      <label className="wt-field">
        <span>Result</span>
        <textarea value={result} readOnly rows={8} />
      </label>
      <div className="wt-row">
        <button
          type="button"
          className="wt-quiet"
          disabled={!result}
          onClick={() =>
            void navigator.clipboard.writeText(result).then(
              () => show(MESSAGES.copied),
              () => show(MESSAGES.copyFailed),
            )
          }
        >
          Copy
        </button>
        <button
          type="button"
          className="wt-quiet"
          disabled={!result}
          onClick={() => {
            setResult('');
            show(MESSAGES.resultCleared);
          }}
        >
          Clear
        </button>
        <button
          type="button"
          className="wt-quiet"
          disabled={nothing}
          aria-expanded={choosing && !nothing}
          onClick={() => setChoosing(!choosing)}
        >
          Save as File
        </button>
        {choosing && !nothing && (
          <span className="wt-row" role="group" aria-label="File format">
            <button type="button" className="wt-quiet" onClick={() => save('JSON')}>
              Save as JSON
            </button>
            <button type="button" className="wt-quiet" onClick={() => save('TXT')}>
              Save as TXT
            </button>
          </span>
        )}
      </div>
      {notice}
    </ToolRoot>
  );
}
