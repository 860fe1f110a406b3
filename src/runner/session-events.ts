import type { ResultSet } from '@libsql/client';
import { and, eq, ne, sql } from 'drizzle-orm';
import { phones, type PhoneRow } from '../../db/schema';
import type { SessionEvents, SessionState } from '../engines/types';
import { failAfterSent, recordAck, recordChats, recordIncoming } from '../services/messages/store';
import { withQuotedApiId } from '../services/messages/quoted';
import { END_OF_TURN, rowMatches } from '../services/group-commit';
import { linkRefusal } from '../services/staff/bans';
import { metrics } from '../services/metrics/registry';
import { ENGINE_VERSIONS } from '../engines/capabilities';
import { mapState } from '../services/phones/status-map';
import { statusHistoryRow } from '../services/phones/status-log';
import { holds, type Fence } from './fence';
import type { Hosted, RunnerCore } from './core';

/**
 * What a hosted session tells the runner (its state, incoming messages, acks, group events, failures
 * after sending, chats), written for the phone while this runner still hosts that generation of it.
 */
export function sessionEvents(
  core: RunnerCore,
  holder: { h?: Hosted },
  generation: number,
  fence: Fence,
): SessionEvents {
  const current = () =>
    holder.h && holder.h.generation === generation && core.hosted.get(holder.h.phone.id) === holder.h ? holder.h : null;
  return {
    state: async (state) => {
      const h = current();
      if (!h || h.refused) return;
      const refusal = state.kind === 'active' ? await linkRefusal(core.opts.db, h.phone.pid, state.me.number) : null;
      if (refusal) return refuseLink(core, h, fence, refusal);
      await writeState(core, h.phone, fence, state, h);
    },
    message: async (incoming) => {
      const h = current();
      if (!h) return;
      let m = incoming;
      if (m.media && core.opts.storeMedia) {
        const url = await core.opts.storeMedia(h.phone, m.media);
        m = { ...m, message: { ...m.message, url } };
      }
      // A reply names the message it quotes by the id our API gave it, in its webhook and in the conversation.
      if (m.quoted) m = await withQuotedApiId(core.opts.db, h.phone.id, m);
      const consequences = core.opts.hooks?.incoming;
      await recordIncoming(
        core.opts.db,
        h.phone.pid,
        h.phone.id,
        m,
        core.now(),
        consequences && ((id, isNew) => consequences(h.phone, id, m, isNew)),
      );
    },
    ack: async (a) => {
      const h = current();
      if (!h) return;
      const consequences = core.opts.hooks?.ack;
      await recordAck(
        core.opts.db,
        h.phone.id,
        a,
        core.now(),
        holds(h.phone.id, fence),
        consequences && ((guard) => consequences(h.phone, a, guard)),
      );
    },
    groupEvent: async (e) => {
      const h = current();
      if (h) await core.opts.hooks?.groupEvent?.(h.phone, e);
    },
    failed: async (f) => {
      const h = current();
      if (!h) return;
      const consequences = core.opts.hooks?.failed;
      const row = await failAfterSent(
        core.opts.db,
        h.phone.id,
        f.waId,
        f.reason,
        core.now(),
        holds(h.phone.id, fence),
        consequences ? (m, onlyIf) => consequences(h.phone, m, f.reason, onlyIf) : undefined,
      );
      if (row) metrics.failed.inc();
    },
    chats: async (list) => {
      const h = current();
      if (h) await recordChats(core.opts.db, h.phone.id, list);
    },
    log: (e) => core.opts.log?.({ ...e, phoneId: holder.h?.phone.id }),
  };
}

/** Writes a session state to the phone's row, if this runner still holds the phone's lease and the row its generation. */
export async function writeState(
  core: RunnerCore,
  row: PhoneRow,
  fence: Fence,
  state: SessionState,
  h?: Hosted,
): Promise<void> {
  const { db } = core.opts;
  const now = core.now();
  // The hosting engine's version; for an engine this server lacks, the catalog's (what the status call shows).
  const engine = (h ?? core.hosted.get(row.id))?.engine;
  const { status, flags } = mapState(state, engine?.version ?? ENGINE_VERSIONS[row.engine]);
  const linked = state.kind === 'active' ? state.me : null;
  const mine = and(
    eq(phones.id, row.id),
    eq(phones.enabled, true),
    eq(phones.generation, h?.generation ?? row.generation),
    holds(row.id, fence),
  );
  // A change of status is recorded (history, and its consequences: log, webhook) with the row's write: all of it or none.
  const changes = rowMatches(phones, and(mine, ne(phones.status, status)));
  const history = statusHistoryRow(row.id, status, flags.message || null, now, changes);
  const consequences = core.opts.hooks?.status;
  const work = consequences ? await consequences(row, status, now, changes) : { stmts: [] };
  const update = db
    .update(phones)
    .set({
      status,
      state: flags,
      qr: state.kind === 'qr' ? state.qr : null,
      pairingCode: state.kind === 'pairing' ? state.code : null,
      ...(linked ? { number: linked.number, meName: linked.name } : {}),
      ...(state.kind === 'logged-out' || state.kind === 'banned' ? { meName: null } : {}),
      statusAt: sql`case when ${phones.status} = ${status} then ${phones.statusAt} else ${now} end`,
      updatedAt: now,
    })
    .where(mine)
    .returning();
  const results = await core.batch.run([history, ...work.stmts, update], END_OF_TURN);
  const res = (results.at(-1) as PhoneRow[])[0];
  if (!res) return;
  if (h) {
    h.phone = res;
    h.status = status;
    h.sender.setActive(status === 'active');
  }
  if ((results[0] as ResultSet).rowsAffected === 1) {
    core.opts.bus?.emit('status', { phoneId: row.id, pid: row.pid, status, at: now });
    await work.committed?.(results.slice(1, -1) as ResultSet[]);
  }
}

/**
 * A number staff banned linked (4-admin "Bans"): the device is unlinked, its credentials dropped and
 * the session stopped, and the phone shows why until a redeploy starts it again with a new QR.
 */
async function refuseLink(core: RunnerCore, h: Hosted, fence: Fence, message: string): Promise<void> {
  h.refused = message;
  h.sender.stop();
  await h.session
    .logout()
    .catch((err: unknown) =>
      core.log('warn', 'logout of a refused number failed', { phoneId: h.phone.id, err: String(err) }),
    );
  await h.session
    .stop()
    .catch((err: unknown) => core.log('warn', 'session stop failed', { phoneId: h.phone.id, err: String(err) }));
  await writeState(core, h.phone, fence, { kind: 'banned', message }, h);
}
