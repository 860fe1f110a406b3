import { lazy, Suspense, useMemo } from 'react';
import { Loader } from '../../components/Loader';
import type { Reading } from '../../lib/campaigns';
import { CAMPAIGN_TEXT as T } from './campaign-text';

const LineChart = lazy(() => import('../analytics/LineChart'));

const SERIES = [
  { key: 'sent', label: 'Sent', color: '#2f6fd6' },
  { key: 'delivered', label: 'Delivered', color: '#0d7468' },
  { key: 'read', label: 'Read', color: '#6d4bc4' },
  { key: 'replied', label: 'Replied', color: '#b85c00' },
] as const;

/**
 * Sent / delivered / read / replied over time (uPlot, loaded with the analytics chart's chunk). The
 * API answers a campaign's counts as they are now, so the series are the readings this page made.
 */
export function CampaignChart({ readings }: { readings: readonly Reading[] }) {
  const times = useMemo(() => readings.map((r) => r.t), [readings]);
  const series = useMemo(
    () => SERIES.map((s) => ({ label: s.label, color: s.color, values: readings.map((r) => r[s.key]) })),
    [readings],
  );
  return (
    <Suspense fallback={<Loader />}>
      <LineChart title={T.chartTitle} times={times} series={series} />
      <p className="w-muted">{T.chartNote}</p>
    </Suspense>
  );
}
