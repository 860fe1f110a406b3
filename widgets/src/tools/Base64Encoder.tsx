import { useState } from 'react';
import { ToolRoot, readDataUrl, useNotice } from './ui.js';

/** Files the encoder takes (spec 2.11.1). */
export const BASE64_ACCEPT = 'image/*,video/*,audio/*';

/** The Base64 encoder: an image, video or audio file as a data URI ready for the messaging API. */
export function Base64Encoder() {
  const [output, setOutput] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [notice, show] = useNotice();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setOutput('');
    if (!/^(image|video|audio)\//.test(file.type)) return setError('Please choose an image, video or audio file.');
    setError('');
    setName(file.name);
    setOutput(await readDataUrl(file));
  };
  return (
    <ToolRoot name="base64encoder">
      <label className="wt-field">
        <span>Image, video or audio file</span>
        <input type="file" accept={BASE64_ACCEPT} onChange={(e) => void pick(e.target.files?.[0])} />
      </label>
      {error && <p className="wt-warn">{error}</p>}
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
