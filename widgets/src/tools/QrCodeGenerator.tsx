import { QRCodeCanvas } from 'qrcode.react';
import { useRef, useState } from 'react';
import {
  QR_EMPTY,
  QR_PRINT_SIZE,
  QR_SIZE,
  qrCapacity,
  qrFileName,
  qrLevel,
  qrLevelNote,
  qrLink,
  qrTooLong,
} from './qr.js';
import { internationalNumber, type PhoneNormalizer } from './phone.js';
import { Field, ToolRoot, download, useNotice } from './ui.js';

export interface QrCodeGeneratorProps {
  /**
   * Reads the typed number (country code first). The console passes its libphonenumber-js helper;
   * without one, + and a leading 00 are read as the international prefix and the length is checked.
   */
  normalizePhone?: PhoneNormalizer;
}

/**
 * The WhatsApp QR code generator: a wa.me link as a 200 px code at level H (or, for a link too long
 * for H, the most robust level that holds it, said under the code), downloadable as a 1024 px PNG.
 */
export function QrCodeGenerator({ normalizePhone = internationalNumber }: QrCodeGeneratorProps = {}) {
  const [phone, setPhone] = useState('');
  const [left, setLeft] = useState(false);
  const [message, setMessage] = useState('');
  const [notice, show] = useNotice();
  // The download is drawn apart, from the same link, at print size; the preview stays 200 px.
  const canvas = useRef<HTMLCanvasElement>(null);
  const checked = phone.trim() ? normalizePhone(phone) : null;
  const digits = checked?.ok ? checked.digits : '';
  // What is wrong with the number, once it could be whole (8 digits) or the field was left.
  const phoneError = checked && !checked.ok && (left || phone.replace(/\D/g, '').length >= 8) ? checked.error : null;
  const link = digits ? qrLink(digits, message) : '';
  // A link longer than any level holds would throw in the encoder ('Data too long'): say so beside
  // the message and keep the text, and draw no code until it fits.
  const tooLong = link ? qrTooLong(link) : null;
  const coded = tooLong ? '' : link;
  const level = coded ? qrLevel(coded) : null;
  const levelNote = qrLevelNote(level);
  return (
    <ToolRoot name="whatsapp-qr-code-generator">
      <Field
        label="Phone Number"
        value={phone}
        onChange={setPhone}
        onBlur={() => setLeft(true)}
        required
        type="tel"
        placeholder="e.g. 905551234567"
        hint="The full number with its country code; + or 00 before it is fine."
        error={phoneError}
      />
      <Field
        label="Message (Optional)"
        value={message}
        onChange={setMessage}
        multiline
        hint={qrCapacity(link)}
        error={tooLong}
      />
      <div className="wt-qr">
        {coded ? (
          <QRCodeCanvas value={coded} size={QR_SIZE} level={level ?? 'L'} marginSize={2} title={coded} />
        ) : tooLong ? (
          'Message too long for a QR code'
        ) : (
          QR_EMPTY
        )}
      </div>
      {levelNote && (
        <p className="wt-hint" role="note">
          {levelNote}
        </p>
      )}
      {coded && (
        <QRCodeCanvas
          ref={canvas}
          value={coded}
          size={QR_PRINT_SIZE}
          level={level ?? 'L'}
          marginSize={4}
          hidden
          aria-hidden="true"
        />
      )}
      <div className="wt-row">
        <button
          type="button"
          disabled={!coded}
          onClick={() => canvas.current && download(canvas.current.toDataURL('image/png'), qrFileName(digits))}
        >
          Download
        </button>
        <button
          type="button"
          className="wt-quiet"
          disabled={!link}
          onClick={() =>
            void navigator.clipboard.writeText(link).then(
              () => show('Copied to clipboard!'),
              () => show('Failed to copy content!'),
            )
          }
        >
          Copy Link
        </button>
      </div>
      {coded && (
        <small className="wt-hint">{`The PNG is ${QR_PRINT_SIZE} × ${QR_PRINT_SIZE} px, sharp enough to print.`}</small>
      )}
      {link && <output>{link}</output>}
      {notice}
    </ToolRoot>
  );
}
