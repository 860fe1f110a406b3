import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ANALYTICS_TEXT as T } from '../../../src/shared/analytics-text';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { $analyticsError, $analyticsRange, $timeline, loadTimeline } from '../../stores/analytics';
import { RangePicker } from './RangePicker';
import { TimelineChart } from './TimelineChart';
import './analytics.css';

/** /analytic/timeline: each phone's and Instagram account's recorded statuses over a range (default the last 7 days). */
export default function TimelinePage() {
  const data = useStore($timeline);
  const error = useStore($analyticsError);
  const range = useStore($analyticsRange);
  useEffect(() => void loadTimeline(), []);
  return (
    <div className="w-timeline">
      <RangePicker range={range} onChange={(r) => void loadTimeline(r)} />
      {error && <Alert tone="error">{error}</Alert>}
      {!data && !error && <Loader />}
      {data && (
        <>
          <Card>
            <TimelineChart
              title={T.phoneTimeline}
              phones={data.phones.filter((p) => p.type === 'whatsapp')}
              from={data.from}
              to={data.to}
            />
          </Card>
          <Card>
            <TimelineChart
              title={T.instagramTimeline}
              phones={data.phones.filter((p) => p.type === 'instagram')}
              from={data.from}
              to={data.to}
            />
          </Card>
        </>
      )}
    </div>
  );
}
