/** The Button Settings form (spec 2.5, 5): its rules, messages and the settings it makes. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUTTON_FORM,
  OFFSET_BOTTOM_ERROR,
  formFromSaved,
  formSettings,
  validateButtonForm,
} from '../../web/pages/button/button-form';

const filled = { ...DEFAULT_BUTTON_FORM, countryCode: '+90', phone: '5551234567' };

describe('button settings form', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_BUTTON_FORM).toMatchObject({
      text: 'Chat with Us',
      message: "I'm interested in this product and I have a few questions. Can you help?",
      positionDesktop: 'right',
      positionMobile: 'right',
    });
  });

  it('checks each field with the spec messages', () => {
    expect(validateButtonForm(filled)).toEqual({});
    expect(validateButtonForm({ ...filled, text: ' ', countryCode: '', phone: '' })).toEqual({
      text: 'Enter widget text.',
      countryCode: 'Enter country code.',
      phone: 'Enter phone number.',
    });
    expect(validateButtonForm({ ...filled, countryCode: '+9a' }).countryCode).toBe('Enter country code.');
    expect(validateButtonForm({ ...filled, countryCode: '90' })).toEqual({});
    expect(validateButtonForm({ ...filled, phone: '555-123' }).phone).toBe(
      'Enter valid phone number. This number is too short for +90.',
    );
    expect(validateButtonForm({ ...filled, phone: '555x' }).phone).toMatch(
      /^Enter valid phone number\. Use digits only/,
    );
    expect(validateButtonForm({ ...filled, countryCode: '+999' }).phone).toBe(
      'Enter valid phone number. There is no country with the calling code +999: check the first digits.',
    );
  });

  it('reads the number in the country of its calling code: the trunk 0 dropped where dialled, kept in Italy; + and 00 international', () => {
    expect(formSettings({ ...filled, phone: '05551234567' }).phone).toBe('+905551234567');
    expect(validateButtonForm({ ...filled, phone: '0555 123 45 67' })).toEqual({});
    expect(formSettings({ ...filled, countryCode: '+39', phone: '06 1234 5678' }).phone).toBe('+390612345678');
    expect(formSettings({ ...filled, phone: '0090 555 123 45 67' }).phone).toBe('+905551234567');
    expect(formSettings({ ...filled, countryCode: '', phone: '+44 7911 123456' }).phone).toBe('+447911123456');
    expect(validateButtonForm({ ...filled, countryCode: '', phone: '+44 7911 123456' })).toEqual({
      countryCode: 'Enter country code.',
    });
  });

  it('joins the country code and number, and offsets each side as the spec says', () => {
    expect(formSettings({ ...filled, countryCode: '90' }).phone).toBe('+905551234567');
    expect(formSettings(filled)).toMatchObject({ offsetDesktop: 95, offsetMobile: 82 });
    expect(formSettings({ ...filled, positionDesktop: 'left', positionMobile: 'left' })).toMatchObject({
      offsetDesktop: 10,
      offsetMobile: 10,
    });
  });

  it('starts from the defaults before the first save and from what the account saved after it', () => {
    expect(formFromSaved(null)).toEqual(DEFAULT_BUTTON_FORM);
    expect(formFromSaved({ ...filled, design: 'small', offsetBottom: 90 })).toEqual({
      ...filled,
      design: 'small',
      offsetBottom: 90,
    });
  });

  it('raises the button by the bottom offset, a whole number of pixels from 0 to 1000', () => {
    expect(DEFAULT_BUTTON_FORM.offsetBottom).toBe(20);
    expect(formSettings({ ...filled, offsetBottom: 96 }).offsetBottom).toBe(96);
    for (const bad of [-1, 1001, 2.5, Number.NaN])
      expect(validateButtonForm({ ...filled, offsetBottom: bad }).offsetBottom, String(bad)).toBe(OFFSET_BOTTOM_ERROR);
    expect(validateButtonForm({ ...filled, offsetBottom: 0 })).toEqual({});
  });
});
