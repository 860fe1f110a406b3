import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link, Redirect } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { $analytics, $analyticsError, $analyticsRange, loadAnalytics } from '../../stores/analytics';
import { $product } from '../../stores/product';
import { AnalyticsView } from './AnalyticsView';
import { InboxReportSection } from './InboxReportSection';
import { RangePicker } from './RangePicker';

/** /analytic: live-chat analytics for a range (default the last 7 days); api packages see the timeline instead (2-phones §2.3). */
export default function AnalyticsPage() {
  const product = useStore($product);
  const data = useStore($analytics);
  const error = useStore($analyticsError);
  const range = useStore($analyticsRange);
  const api = product?.settings.subscription_package === 'api';
  useEffect(() => {
    if (!api) void loadAnalytics();
  }, [api]);
  if (api) return <Redirect to="/analytic/timeline" replace />;
  return (
    <div className="w-analytics">
      <div className="w-range">
        <RangePicker range={range} onChange={(r) => void loadAnalytics(r)} />
        <Link href="/analytic/timeline" className={buttonClass('secondary')}>
          Status timeline
        </Link>
      </div>
      {error && (
        <Alert tone="error">
          {error}{' '}
          <Button size="sm" variant="secondary" onClick={() => void loadAnalytics()}>
            Retry
          </Button>
        </Alert>
      )}
      {data ? <AnalyticsView data={data} /> : !error && <Loader />}
      <InboxReportSection />
    </div>
  );
}
