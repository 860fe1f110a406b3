import type { SendNudge } from '../../services/runners/nudge';

/** A runner that does not take the nudge this fast is left to its poll. */
const NUDGE_TIMEOUT_MS = 2_000;

/** POSTs a signed nudge to the runner's `/wake` (the path and header names are the runners' HTTP contract). */
export const postNudge: SendNudge = async (address, nudge) => {
  const res = await fetch(`${address.replace(/\/+$/, '')}/wake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wapi-wake-signature': nudge.signature },
    body: JSON.stringify({ phone_id: nudge.phoneId, at: nudge.at }),
    signal: AbortSignal.timeout(NUDGE_TIMEOUT_MS),
  });
  const hosted = res.ok ? ((await res.json().catch(() => null)) as { hosted?: boolean } | null)?.hosted : undefined;
  return { ok: res.ok, ...(hosted === undefined ? {} : { hosted }) };
};
