/** The vCard maker takes a real phone number and e-mail address, not any text (issue 23). */
import { describe, expect, it } from 'vitest';
import { normalizeInternational } from '../../web/lib/phone-numbers';
import { PHONE_MSG } from '../../widgets/src/tools/phone';
import { EMAIL_ERROR, EMPTY_CONTACT, contactProblems, emailProblem, outputCard } from '../../widgets/src/tools/vcard';

const card = (phone: string, email = '') => ({ ...EMPTY_CONTACT, firstName: 'Ayşe', phone, email });

describe("the vCard maker's phone and e-mail", () => {
  it('refuses text as a phone number and a malformed e-mail, and says what is wrong', () => {
    expect(contactProblems(card('call me', 'ayse'))).toEqual({ phone: PHONE_MSG.chars, email: EMAIL_ERROR });
    expect(contactProblems(card('05551234567'))).toEqual({ phone: PHONE_MSG.needCountry });
    expect(outputCard(card('call me'))).toBeNull();
    expect(outputCard(card('+90 555 123 45 67', 'not an address'))).toBeNull();
    for (const bad of ['a@b', 'a b@c.de', '@c.de', 'a@.de', 'a@@c.de'])
      expect([bad, emailProblem(bad)]).toEqual([bad, EMAIL_ERROR]);
    for (const good of ['', 'ayse@example.com', 'a.b+c@mail.example.co.uk'])
      expect([good, emailProblem(good)]).toEqual([good, null]);
  });

  it("checks the number for its country with the console's helper and writes it in full international form", () => {
    expect(contactProblems(card('+90 555 123'), normalizeInternational).phone).toBe(PHONE_MSG.tooShortFor('90'));
    expect(outputCard(card('0090 555 123 45 67', ' ayse@example.com '), normalizeInternational)).toMatchObject({
      phone: '+905551234567',
      email: 'ayse@example.com',
    });
  });
});
