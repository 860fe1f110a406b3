/** JIDs in the messaging API's spelling: `905301234567@c.us` for people, `<id>@g.us` for groups. */

/** Digits only: `+90 530-123 45 67`, `905301234567@c.us` and `905301234567:12@s.whatsapp.net` give `905301234567`. */
export function digits(jidOrNumber: string): string {
  return jidOrNumber.split('@')[0]!.split(':')[0]!.replace(/\D/g, '');
}

export function isGroupJid(jid: string): boolean {
  return jid.endsWith('@g.us');
}
