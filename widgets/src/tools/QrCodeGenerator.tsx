import { QRCodeCanvas } from 'qrcode.react';
import { useRef, useState } from 'react';
import { QR_EMPTY, QR_LEVEL, QR_SIZE, qrCapacity, qrFileName, qrLink, qrTooLong } from './qr.js';
import { Field, ToolRoot, download, useNotice } from './ui.js';

/** The WhatsApp QR code generator: a wa.me link as a 200 px code at level H, downloadable as PNG. */
export function QrCodeGenerator() {
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [notice, show] = useNotice();
  const canvas = useRef<HTMLCanvasElement>(null);
  const digits = phone.replace(/\D/g, '');
  const link = digits ? qrLink(digits, message) : '';
  // A link longer than a code holds would throw in the encoder ('Data too long'): say so beside the
  // message and keep the text, and draw no code until it fits.
  const tooLong = link ? qrTooLong(link) : null;
  const coded = tooLong ? '' : link;
  return (
    <ToolRoot name="whatsapp-qr-code-generator">
      <Field label="Phone Number" value={phone} onChange={(v) => setPhone(v.replace(/[^\d+]/g, ''))} required placeholder="e.g. 905551234567" />
      <p className="wt-warn">Use the full number with country code, without spaces or a leading 00.</p>
      <Field label="Message (Optional)" value={message} onChange={setMessage} multiline hint={qrCapacity(link)} error={tooLong} />
      <div className="wt-qr">{coded ? <QRCodeCanvas ref={canvas} value={coded} size={QR_SIZE} level={QR_LEVEL} marginSize={2} title={coded} /> : tooLong ? 'Message too long for a QR code' : QR_EMPTY}</div>
      <div className="wt-row">
        <button type="button" disabled={!coded} onClick={() => canvas.current && download(canvas.current.toDataURL('image/png'), qrFileName(digits))}>
          Download
        </button>
        <button
          type="button"
          className="wt-quiet"
          disabled={!link}
          onClick={() => void navigator.clipboard.writeText(link).then(() => show('Copied to clipboard!'), () => show('Failed to copy content!'))}
        >
          Copy Link
        </button>
      </div>
      {link && <output>{link}</output>}
      {notice}
    </ToolRoot>
  );
}
