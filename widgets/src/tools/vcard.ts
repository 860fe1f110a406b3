import { internationalNumber, type PhoneNormalizer } from './phone.js';

/** The vCard maker's fields (spec 2.11.2). */
export interface ContactFields {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  organization: string;
  position: string;
  note: string;
  /** A data URL of a JPEG or PNG. */
  photo: string;
}

export const EMPTY_CONTACT: ContactFields = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  organization: '',
  position: '',
  note: '',
  photo: '',
};
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const VCF_FILE_NAME = 'contact.vcf';
export const FILL_WARNING = 'You have to fill First Name and Phone Number to get code';

/** Output needs a first name and a phone (spec 5, contact card). */
export function canOutput(c: ContactFields): boolean {
  return c.firstName.trim() !== '' && c.phone.trim() !== '';
}

export const EMAIL_ERROR = 'Enter an e-mail address like name@example.com.';
export const FIX_WARNING = 'Correct the marked fields to get code';

/** A simple e-mail rule: something, one @, a domain with a dot, no spaces. */
export function emailProblem(email: string): string | null {
  const e = email.trim();
  return !e || /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(e) ? null : EMAIL_ERROR;
}

/** What is wrong with the typed phone and e-mail (an empty optional e-mail is fine). */
export function contactProblems(
  c: ContactFields,
  normalize: PhoneNormalizer = internationalNumber,
): { phone?: string; email?: string } {
  const phone = c.phone.trim() ? normalize(c.phone) : null;
  const email = emailProblem(c.email);
  return { ...(phone && !phone.ok ? { phone: phone.error } : {}), ...(email ? { email } : {}) };
}

/**
 * The card as it goes out: null until the first name and a valid phone (and a valid e-mail, when
 * given) are there; the phone written in full international form (+ and the digits).
 */
export function outputCard(c: ContactFields, normalize: PhoneNormalizer = internationalNumber): ContactFields | null {
  if (!canOutput(c)) return null;
  const phone = normalize(c.phone);
  if (!phone.ok || emailProblem(c.email)) return null;
  return { ...c, phone: `+${phone.digits}`, email: c.email.trim() };
}

/** The contact card JSON of spec 3: only the non-empty fields. */
export function contactJson(c: ContactFields): Partial<ContactFields> {
  const out: Partial<ContactFields> = {};
  for (const key of Object.keys(EMPTY_CONTACT) as (keyof ContactFields)[]) {
    const value = c[key].trim();
    if (value) out[key] = value;
  }
  return out;
}

/** RFC 6350 text escaping: backslash, comma, line breaks, and semicolons only where they separate fields (N, ORG). */
const esc = (v: string, compound = false) => {
  const text = v.trim().replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
  return compound ? text.replace(/;/g, '\\;') : text;
};

/** The longest line a vCard holds, in octets, the CRLF not counted (RFC 6350 3.2, RFC 2425 5.8.1). */
export const VCF_LINE_OCTETS = 75;

const utf8 = new TextEncoder();

/**
 * Folds one content line at 75 octets: CRLF and a space before each continuation, which with the
 * space is again at most 75 octets. A character is never split (a UTF-8 sequence stays whole).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8.encode(ch).length;
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (octets + size > VCF_LINE_OCTETS - (parts.length ? 1 : 0)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += ch;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/**
 * The VCF (vCard 3.0, CRLF lines folded at 75 octets): the name, optional email, optional photo, the
 * phone as work voice, optional organization, position (TITLE) and note (spec 3).
 */
export function contactVcf(c: ContactFields): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${esc(c.lastName, true)};${esc(c.firstName, true)};;;`,
    `FN:${esc([c.firstName, c.lastName].filter((p) => p.trim()).join(' '))}`,
  ];
  if (c.email.trim()) lines.push(`EMAIL;TYPE=INTERNET:${esc(c.email)}`);
  const photo = /^data:image\/(jpeg|png);base64,(.+)$/.exec(c.photo);
  if (photo) lines.push(`PHOTO;ENCODING=b;TYPE=${photo[1]!.toUpperCase()}:${photo[2]}`);
  lines.push(`TEL;TYPE=WORK,VOICE:${esc(c.phone)}`);
  if (c.organization.trim()) lines.push(`ORG:${esc(c.organization, true)}`);
  if (c.position.trim()) lines.push(`TITLE:${esc(c.position)}`);
  if (c.note.trim()) lines.push(`NOTE:${esc(c.note)}`);
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Why a photo is refused, or null when it is a JPEG/PNG of at most 2 MB. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'The photo must be a JPEG/JPG or PNG image.';
  if (file.size > PHOTO_MAX_BYTES) return 'The photo must be 2MB or smaller.';
  return null;
}
