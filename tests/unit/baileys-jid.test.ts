import { describe, expect, it } from 'vitest';
import { closeAction } from '../../src/engines/baileys/close-reason';
import { digits, personJid, toApiJid, toWaJid } from '../../src/engines/baileys/jid';

const lookup = (map: Record<string, string>) => ({ getPNForLID: async (lid: string) => map[lid] ?? null });

describe('Baileys JIDs', () => {
  it('normalises numbers to digits', () => {
    expect(digits('+90 530-123 45 67')).toBe('905301234567');
    expect(digits('905301234567@c.us')).toBe('905301234567');
    expect(digits('905301234567:12@s.whatsapp.net')).toBe('905301234567');
  });

  it('spells API JIDs the way WhatsApp does', () => {
    expect(toWaJid('905301234567@c.us')).toBe('905301234567@s.whatsapp.net');
    expect(toWaJid('+90 530 123 45 67')).toBe('905301234567@s.whatsapp.net');
    expect(toWaJid('120363041234567890@g.us')).toBe('120363041234567890@g.us');
    expect(toWaJid('905301234567@s.whatsapp.net')).toBe('905301234567@s.whatsapp.net');
    expect(toWaJid('123456789012345@lid')).toBe('123456789012345@lid');
  });

  it('spells WhatsApp JIDs the way the API does, without devices', () => {
    expect(toApiJid('905301234567@s.whatsapp.net')).toBe('905301234567@c.us');
    expect(toApiJid('905301234567:12@s.whatsapp.net')).toBe('905301234567@c.us');
    expect(toApiJid('120363041234567890@g.us')).toBe('120363041234567890@g.us');
    expect(toApiJid('123456789012345:3@lid')).toBe('123456789012345@lid');
  });

  it('maps LIDs to phone numbers: the alternative address first, then the LID mapping, else keeps the LID', async () => {
    const lids = lookup({ '111@lid': '905301234567:0@s.whatsapp.net' });
    expect(await personJid('905551112222@s.whatsapp.net', '999@lid', lids)).toBe('905551112222@c.us');
    expect(await personJid('222@lid', '905559998877@s.whatsapp.net', lids)).toBe('905559998877@c.us');
    expect(await personJid('111@lid', undefined, lids)).toBe('905301234567@c.us');
    expect(await personJid('333@lid', undefined, lids)).toBe('333@lid');
    expect(await personJid('333@lid')).toBe('333@lid');
  });
});

describe('Baileys close reasons', () => {
  const boom = (statusCode: number, message = 'x') => Object.assign(new Error(message), { output: { statusCode } });

  it('maps each way a connection ends to what the session does next', () => {
    expect(closeAction(boom(515))).toEqual({ kind: 'restart' });
    expect(closeAction(boom(401)).kind).toBe('logged-out');
    expect(closeAction(boom(403)).kind).toBe('banned');
    expect(closeAction(boom(440)).kind).toBe('phone-error');
    expect(closeAction(boom(405, 'Connection Failure')).kind).toBe('phone-error');
    expect(closeAction(boom(408, 'QR refs attempts ended'))).toEqual({ kind: 'idle' });
    expect(closeAction(boom(408, 'Connection was lost')).kind).toBe('retry');
    expect(closeAction(boom(428, 'Connection Terminated')).kind).toBe('retry');
    expect(closeAction(boom(500, 'Stream Errored (unknown)')).kind).toBe('retry');
    expect(closeAction(undefined).kind).toBe('retry');
  });
});
