import { countOf } from '../../../src/shared/format';
import { timelineDate } from '../../../src/shared/analytics-dates';
import {
  ANALYTICS_TEXT as T,
  TIMELINE_ROW_PX as ROW,
  TIMELINE_STATUSES,
  timelineHeight,
  timelineStatus,
  type TimelineStatus,
} from '../../../src/shared/analytics-text';
import type { StatusTimeline } from '../../../src/shared/schemas/console/analytics';

type PhoneTimeline = StatusTimeline['phones'][number];

/** The status colours of the timeline (2-phones §2.3). */
const STATUS_COLOURS: Record<TimelineStatus, string> = {
  active: '#1f9d55',
  idle: '#d9a400',
  'qr-screen': '#2f6fd6',
  'phone-error': '#d64545',
  unknown: '#9aa5ad',
};

const LABEL_W = 22;
const TICKS = 4;

/**
 * One status timeline drawn as SVG in a 1000-unit-wide box that stretches to its container: a row
 * of 39 px per phone, each span coloured by its status, the range's ends and ticks labelled
 * DD.MM.YY HH:mm (UTC). Spans carry their status and times as tooltips.
 */
export function TimelineChart({
  title,
  phones,
  from,
  to,
}: {
  title: string;
  phones: PhoneTimeline[];
  from: number;
  to: number;
}) {
  const height = timelineHeight(phones.length);
  const x = (t: number) => LABEL_W + ((t - from) / Math.max(1, to - from)) * (100 - LABEL_W);
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => from + ((to - from) * i) / TICKS);
  return (
    <figure className="w-timeline">
      <figcaption className="w-key">
        <strong>{title}</strong>
        {TIMELINE_STATUSES.map((s) => (
          <span key={s}>
            <i style={{ background: STATUS_COLOURS[s] }} />
            {s}
          </span>
        ))}
      </figcaption>
      {phones.length === 0 ? (
        <p>{T.noData}</p>
      ) : (
        <svg width="100%" height={height} role="img" aria-label={`${title}: ${countOf(phones.length, 'row')}`}>
          {phones.map((p, row) => {
            const y = (row + 1) * ROW;
            return (
              <g key={p.id} data-phone={p.phone}>
                <text x="0" y={y + ROW / 2 + 4} fill="currentColor">
                  {p.phone}
                </text>
                {p.changes.map((c, i) => {
                  const end = p.changes[i + 1]?.date ?? to;
                  const status = timelineStatus(c.status);
                  return (
                    <rect
                      key={c.date}
                      x={`${x(c.date)}%`}
                      width={`${Math.max(0.2, x(end) - x(c.date))}%`}
                      y={y + 6}
                      height={ROW - 12}
                      rx="3"
                      fill={STATUS_COLOURS[status]}
                      data-status={status}
                    >
                      <title>{`${c.status}: ${timelineDate(c.date)} – ${timelineDate(end)}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
          {ticks.map((t, i) => (
            <text
              key={t}
              x={`${x(t)}%`}
              y={height - ROW / 2}
              textAnchor={i === 0 ? 'start' : i === TICKS ? 'end' : 'middle'}
              fill="currentColor"
            >
              {timelineDate(t)}
            </text>
          ))}
        </svg>
      )}
    </figure>
  );
}
