import { useId, useState } from 'react';
import { BASE64_ACCEPT, BASE64_MAX_BYTES, base64Problem } from './base64.js';
import { ToolRoot, readDataUrl, useNotice } from './ui.js';

/**
 * The Base64 encoder: an image, video or audio file as a data URI ready for the messaging API. A file
 * past the API's media limit is refused before it is read.
 */
export function Base64Encoder() {
  const [output, setOutput] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [notice, show] = useNotice();
  const id = useId();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setOutput('');
    const problem = base64Problem(file);
    if (problem) return setError(problem);
    setError('');
    setName(file.name);
    setOutput(await readDataUrl(file));
  };
  return (
    <ToolRoot name="base64encoder">
      <label className="wt-field">
        <span>Image, video or audio file</span>
        <input
          type="file"
          accept={BASE64_ACCEPT}
          onChange={(e) => void pick(e.target.files?.[0])}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        <small className="wt-hint" id={`${id}-hint`}>
          {`At most ${BASE64_MAX_BYTES / 1024 / 1024} MB, the messaging API's media limit.`}
        </small>
      </label>
      {error && (
        <p className="wt-warn" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {output && (
        <>
          <p>
            {name}: {output.length.toLocaleString('en')} characters
          </p>
          <output aria-label="Base64 data URI">{output}</output>
          <div className="wt-row">
            <button
              type="button"
              onClick={() =>
                void navigator.clipboard.writeText(output).then(
                  () => show('Copied to clipboard!'),
                  () => show('Failed to copy content!'),
                )
              }
            >
              Copy
            </button>
          </div>
        </>
      )}
      {notice}
    </ToolRoot>
  );
}
