import type { SecretBox } from '../cache';
import type { CommandKind } from './types';

/**
 * The secret part of a command (an Instagram password, its two-factor code) never sits in
 * `phone_commands.args` in plain text: the API seals it with the server's box (SECRETS_KEY, as the
 * Dialogflow and Google credentials are) into the `sealed` field, bound to the phone and the command
 * kind so it opens nowhere else, and the runner that holds the phone opens it with the same key.
 * When the command ends the `sealed` field is erased from the row (finishCommand, runCommand).
 */

/** The JSON path of a command row's secret part. */
export const SEALED_FIELD = 'sealed';

/** What a sealed command secret is bound to. */
export function commandSecretBinding(phoneId: number, kind: CommandKind): string {
  return `phone-command:${kind}:${phoneId}`;
}

/** The secret part of a command, sealed for its row. */
export async function sealCommandSecret(
  box: SecretBox,
  phoneId: number,
  kind: CommandKind,
  secret: unknown,
): Promise<string> {
  return box.seal(JSON.stringify(secret), commandSecretBinding(phoneId, kind));
}

/** Opens what sealCommandSecret sealed (throws when the key or the binding differs). */
export async function openCommandSecret(
  box: SecretBox,
  phoneId: number,
  kind: CommandKind,
  sealed: string,
): Promise<unknown> {
  return JSON.parse(await box.open(sealed, commandSecretBinding(phoneId, kind))) as unknown;
}
