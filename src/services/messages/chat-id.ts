import { ApiError } from '../../errors';

/**
 * A recipient as the API takes it (`905301234567`, `+90 530 123 45 67`, `905301234567@c.us`,
 * `...@s.whatsapp.net`, a group `...@g.us`) in the API's JID spelling.
 */
export function toChatId(raw: unknown): string {
  if (typeof raw === 'number') raw = String(raw);
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new ApiError('VALIDATION', 'to_number is required.', { fields: { to_number: 'required' } });
  const v = raw.trim();
  if (v.endsWith('@g.us')) {
    if (!/^[\d-]{5,40}@g\.us$/.test(v))
      throw new ApiError('VALIDATION', 'to_number is not a valid group id.', {
        fields: { to_number: 'invalid group id' },
      });
    return v;
  }
  const number = v.replace(/@(c\.us|s\.whatsapp\.net)$/, '').replace(/[\s+\-()]/g, '');
  if (!/^\d{7,15}$/.test(number)) {
    throw new ApiError(
      'VALIDATION',
      'to_number must be a phone number with its country code (digits only) or a group id.',
      { fields: { to_number: 'invalid number' } },
    );
  }
  return `${number}@c.us`;
}
