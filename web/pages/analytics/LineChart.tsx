import { useEffect, useRef } from 'react';
import './locale-guard';
import uPlot from 'uplot';
import './uplot.css';

interface LineSeries {
  label: string;
  /** A null is a gap (a day without a value, e.g. no median). */
  values: (number | null)[];
  color: string;
}

const HEIGHT = 220;
/** Day labels need about 44 px each; on narrow charts only every n-th day is labelled. */
const labelEvery = (count: number, width: number) => Math.max(1, Math.ceil((count * 44) / Math.max(1, width)));
const day = (s: number) => new Date(s * 1000).toISOString().slice(5, 10).split('-').reverse().join('.');
/** A time of day in the browser's zone, `HH:mm:ss`. */
const clock = (s: number) => new Date(s * 1000).toTimeString().slice(0, 8);

export interface LineChartProps {
  title: string;
  /** UTC days (`YYYY-MM-DD`), one value of each series a day. */
  days?: string[];
  /**
   * Or moments (unix seconds), one value of each series a moment: running totals (a campaign's
   * counts), labelled with the time of day, the caption giving each series' last value.
   */
  times?: number[];
  series: LineSeries[];
  /** The caption gives each series' total (or last value); off for series that do not add up (medians). */
  totals?: boolean;
}

/**
 * A uPlot line chart of values per UTC day, or of running totals over time; it follows its box's
 * width. Loaded in its own chunk so uPlot is fetched only by the screens with a chart.
 */
export default function LineChart({ title, days = [], times, series, totals = true }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = times ?? days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const label = times ? clock : day;
    const plot = new uPlot(
      {
        width: Math.max(120, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false, drag: { x: false, y: false } },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            values: (u, splits) =>
              splits.map((s, i) => (i % labelEvery(splits.length, u.width * (times ? 0.6 : 1)) === 0 ? label(s) : '')),
            ...(times ? {} : { splits: () => xs }),
            stroke: '#5b6b74',
          },
          { stroke: '#5b6b74', values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
        ],
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { size: 6 } }))],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(120, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, times, series]);
  return (
    <figure>
      <figcaption className="w-key">
        {title}
        {series.map((s) => (
          <span key={s.label}>
            <i style={{ background: s.color }} />
            {s.label}
            {totals &&
              `: ${times ? (s.values[s.values.length - 1] ?? 0) : s.values.reduce<number>((a, b) => a + (b ?? 0), 0)}`}
          </span>
        ))}
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={`${title}: ${series
          .map(
            (s) =>
              `${s.label} ${times ? (s.values[s.values.length - 1] ?? 0) : s.values.map((v) => v ?? '–').join(', ')}`,
          )
          .join('; ')}`}
      />
    </figure>
  );
}
