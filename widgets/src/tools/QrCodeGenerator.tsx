import { QRCodeCanvas } from 'qrcode.react';
import { useRef, useState } from 'react';
import { QR_EMPTY, QR_LEVEL, QR_SIZE, qrFileName, qrLink } from './qr.js';
import { Field, ToolRoot, download, useNotice } from './ui.js';

/** The WhatsApp QR code generator: a wa.me link as a 200 px code at level H, downloadable as PNG. */
export function QrCodeGenerator() {
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [notice, show] = useNotice();
  const canvas = useRef<HTMLCanvasElement>(null);
  const digits = phone.replace(/\D/g, '');
  const link = digits ? qrLink(digits, message) : '';
  return (
    <ToolRoot name="whatsapp-qr-code-generator">
      <Field label="Phone Number" value={phone} onChange={(v) => setPhone(v.replace(/[^\d+]/g, ''))} required placeholder="e.g. 905551234567" />
      <p className="wt-warn">Use the full number with country code, without spaces or a leading 00.</p>
      <Field label="Message (Optional)" value={message} onChange={setMessage} multiline />
      <div className="wt-qr">{link ? <QRCodeCanvas ref={canvas} value={link} size={QR_SIZE} level={QR_LEVEL} marginSize={2} title={link} /> : QR_EMPTY}</div>
      <div className="wt-row">
        <button type="button" disabled={!link} onClick={() => canvas.current && download(canvas.current.toDataURL('image/png'), qrFileName(digits))}>
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
