import { useState } from 'react';
import { internationalNumber, type PhoneNormalizer } from './phone.js';
import {
  EMPTY_CONTACT,
  FILL_WARNING,
  FIX_WARNING,
  VCF_FILE_NAME,
  canOutput,
  contactJson,
  contactProblems,
  contactVcf,
  outputCard,
  photoProblem,
  type ContactFields,
} from './vcard.js';
import { Field, ToolRoot, download, readDataUrl, useNotice } from './ui.js';

const FIELDS: [keyof ContactFields, string, boolean][] = [
  ['firstName', 'First Name', true],
  ['lastName', 'Second Name', false],
  ['phone', 'Phone Number', true],
  ['email', 'Email', false],
  ['organization', 'Company Name', false],
  ['position', 'Your Position', false],
  ['note', 'Note', false],
];

export interface VCardMakerProps {
  /** Reads the phone number (the console passes its libphonenumber-js helper; else + or 00, 8 to 15 digits). */
  normalizePhone?: PhoneNormalizer;
}

/**
 * The vCard maker: a contact card as VCF or JSON, downloadable as contact.vcf. The phone must be a
 * number with its country code and the e-mail an address; what is wrong shows beside the field once
 * it was left, or as soon as the card could otherwise be made.
 */
export function VCardMaker({ normalizePhone = internationalNumber }: VCardMakerProps = {}) {
  const [card, setCard] = useState<ContactFields>(EMPTY_CONTACT);
  const [left, setLeft] = useState<Partial<Record<keyof ContactFields, boolean>>>({});
  const [tab, setTab] = useState<'vcf' | 'json'>('vcf');
  const [photoError, setPhotoError] = useState('');
  const [notice, show] = useNotice();
  const set = (key: keyof ContactFields) => (value: string) => setCard((c) => ({ ...c, [key]: value }));
  const out = outputCard(card, normalizePhone);
  const ready = out !== null;
  const problems = contactProblems(card, normalizePhone);
  const shown = (key: 'phone' | 'email') => (left[key] || canOutput(card) ? problems[key] : undefined) ?? null;
  const code = !out ? '' : tab === 'vcf' ? contactVcf(out) : JSON.stringify(contactJson(out), null, 2);
  const pickPhoto = async (file: File | undefined) => {
    if (!file) return set('photo')('');
    const problem = photoProblem(file);
    setPhotoError(problem ?? '');
    set('photo')(problem ? '' : await readDataUrl(file));
  };
  return (
    <ToolRoot name="vcardmaker">
      {FIELDS.map(([key, label, required]) => (
        <Field
          key={key}
          label={label}
          value={card[key]}
          onChange={set(key)}
          onBlur={() => setLeft((l) => ({ ...l, [key]: true }))}
          required={required}
          multiline={key === 'note'}
          type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
          {...(key === 'phone'
            ? { hint: 'With the country code, e.g. +90 555 123 45 67.', error: shown('phone') }
            : key === 'email'
              ? { error: shown('email') }
              : {})}
        />
      ))}
      <label className="wt-field">
        <span>Profile photo (JPEG/JPG or PNG, max 2MB, squared is better)</span>
        <input type="file" accept="image/jpeg,image/png" onChange={(e) => void pickPhoto(e.target.files?.[0])} />
      </label>
      {photoError && <p className="wt-warn">{photoError}</p>}
      {card.photo && <img className="wt-img" src={card.photo} alt="Contact photo" />}
      <div className="wt-tabs" role="group" aria-label="Code format">
        <button type="button" className="wt-quiet" aria-pressed={tab === 'vcf'} onClick={() => setTab('vcf')}>
          VCF
        </button>
        <button type="button" className="wt-quiet" aria-pressed={tab === 'json'} onClick={() => setTab('json')}>
          JSON
        </button>
      </div>
      {ready ? (
        <pre aria-label={`${tab.toUpperCase()} code`}>{code}</pre>
      ) : (
        <p className="wt-warn">{canOutput(card) ? FIX_WARNING : FILL_WARNING}</p>
      )}
      <div className="wt-row">
        <button
          type="button"
          disabled={!ready}
          onClick={() => out && download(new Blob([contactVcf(out)], { type: 'text/vcard' }), VCF_FILE_NAME)}
        >
          Download in VCF format
        </button>
        <button
          type="button"
          className="wt-quiet"
          disabled={!ready}
          onClick={() => void navigator.clipboard.writeText(code).then(() => show('Copied to clipboard!', 3000))}
        >
          Copy
        </button>
      </div>
      {notice}
    </ToolRoot>
  );
}
