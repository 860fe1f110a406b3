import { sql, type SQL } from 'drizzle-orm';
import type { BanReason } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/**
 * Phone footprints (`footprint/phone`, the Numbers screen): every number phones have linked as, with
 * the accounts that used it. Grouped, filtered, counted, sorted and paged in SQL over the
 * (number, updated_at) index of phones; the page's entries are read in a second query.
 */

export interface FootprintQuery {
  email?: string;
  onlyActive?: boolean;
  onlyMultiple?: boolean;
  notBanned?: boolean;
  sort: 'number' | 'entries' | 'last' | 'status';
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

const SORT: Record<FootprintQuery['sort'], SQL> = {
  number: sql`number`,
  entries: sql`entries`,
  last: sql`last_at`,
  status: sql`last_status`,
};

const like = (term: string) => `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** One row per number: how many phones used it, the last one's status (disabled counts as such), its ban. */
function grouped(email: string | undefined): SQL {
  const byEmail = email
    ? sql`AND EXISTS (SELECT 1 FROM phones e JOIN products pr ON pr.id = e.pid JOIN users u ON u.id = pr.uid
        WHERE e.number = p.number AND u.email LIKE ${like(email.toLowerCase())} ESCAPE '\\')`
    : sql``;
  return sql`SELECT p.number AS number, count(*) AS entries, max(p.updated_at) AS last_at,
      (SELECT CASE WHEN x.enabled THEN x.status ELSE 'disabled' END FROM phones x WHERE x.number = p.number ORDER BY x.updated_at DESC, x.id DESC LIMIT 1) AS last_status,
      b.reason AS banned
    FROM phones p LEFT JOIN number_bans b ON b.number = p.number
    WHERE p.number IS NOT NULL AND p.number <> '' ${byEmail}
    GROUP BY p.number`;
}

function kept(q: FootprintQuery): SQL {
  const conds = [sql`1`];
  if (q.onlyActive) conds.push(sql`last_status = 'active'`);
  if (q.onlyMultiple) conds.push(sql`entries > 1`);
  if (q.notBanned) conds.push(sql`banned IS NULL`);
  return sql.join(conds, sql` AND `);
}

/** A page of phone footprints with the total the filters keep and the summary counts (before the toggles). */
export async function phoneFootprints(ctx: ServiceCtx, q: FootprintQuery) {
  const g = grouped(q.email);
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const [rows, [counts]] = await Promise.all([
    ctx.db.all<{ number: string; last_at: number; banned: BanReason | null }>(sql`
      SELECT number, last_at, banned FROM (${g}) WHERE ${kept(q)}
      ORDER BY ${SORT[q.sort]} ${dir}, number ${dir} LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
    ctx.db.all<{
      numbers: number;
      active: number | null;
      multiple: number | null;
      banned: number | null;
      total: number | null;
    }>(sql`
      SELECT count(*) AS numbers, sum(last_status = 'active') AS active, sum(entries > 1) AS multiple,
        sum(banned IS NOT NULL) AS banned, sum(CASE WHEN ${kept(q)} THEN 1 ELSE 0 END) AS total
      FROM (${g})`),
  ]);
  const entries = rows.length
    ? await ctx.db.all<{
        number: string;
        pid: string;
        phone_id: number;
        status: string;
        email: string;
        package: string | null;
      }>(sql`
        SELECT p.number, p.pid, p.id AS phone_id, CASE WHEN p.enabled THEN p.status ELSE 'disabled' END AS status, u.email,
          json_extract(pr.settings, '$.subscription_package') AS package
        FROM phones p JOIN products pr ON pr.id = p.pid JOIN users u ON u.id = pr.uid
        WHERE p.number IN (${sql.join(
          rows.map((r) => sql`${r.number}`),
          sql`, `,
        )})
        ORDER BY p.updated_at, p.id`)
    : [];
  return {
    result: rows.map((r) => ({
      number: r.number,
      banned: r.banned,
      last_at: new Date(Number(r.last_at)).toISOString(),
      data: entries.filter((e) => e.number === r.number).map(({ number: _n, ...e }) => e),
    })),
    total: Number(counts?.total ?? 0),
    summary: {
      numbers: Number(counts?.numbers ?? 0),
      active: Number(counts?.active ?? 0),
      multiple: Number(counts?.multiple ?? 0),
      banned: Number(counts?.banned ?? 0),
    },
  };
}
