import { isLidUser, isPnUser, jidDecode, jidNormalizedUser } from 'baileys';
import { digits, isGroupJid } from '../../shared/jid';

/**
 * Addresses between the API's spelling (`905301234567@c.us`, `<id>@g.us`) and WhatsApp's
 * (`905301234567@s.whatsapp.net`, device suffixes `:12`, and in Baileys 7 often `<lid>@lid`).
 */

export { digits, isGroupJid };

/** The WhatsApp JID for an API JID or a bare number. Groups, LIDs and broadcasts pass unchanged. */
export function toWaJid(jid: string): string {
  const at = jid.indexOf('@');
  if (at < 0 || jid.slice(at + 1) === 'c.us') return `${digits(jid)}@s.whatsapp.net`;
  return jid;
}

/** The API JID for a WhatsApp JID, without device. A LID stays a LID (see `phoneJid`). */
export function toApiJid(jid: string): string {
  const normal = jidNormalizedUser(jid) || jid;
  return isPnUser(normal) ? `${jidDecode(normal)!.user}@c.us` : normal;
}

/** What the session knows about LIDs: Baileys' own mapping store. */
export interface LidLookup {
  getPNForLID(lid: string): Promise<string | null>;
}

/**
 * The API JID of a person, preferring the phone number: a LID is replaced by the alternative address
 * Baileys delivered with it (`remoteJidAlt`, `participantAlt`, a contact's `phoneNumber`) or by
 * Baileys' LID mapping; a LID nobody can map is kept as it is.
 */
export async function personJid(jid: string, alt?: string | null, lids?: LidLookup): Promise<string> {
  if (!isLidUser(jid)) return toApiJid(jid);
  if (alt && isPnUser(alt)) return toApiJid(alt);
  const pn = await lids?.getPNForLID(jid).catch(() => null);
  return toApiJid(pn ?? jid);
}
