import type { Meta, StoryObj } from '@storybook/react-vite';
import { ANALYTICS_TEXT as T } from '../src/shared/analytics-text';
import { AnalyticsView } from '../web/pages/analytics/AnalyticsView';
import LineChart from '../web/pages/analytics/LineChart';
import { TimelineChart } from '../web/pages/analytics/TimelineChart';
import { ANALYTICS, EMPTY, TIMELINE } from './analytics-fixtures';

const meta: Meta = { title: 'Pages/Analytics' };
export default meta;
type Story = StoryObj;

const days = ANALYTICS.chart.days;

/** /analytic for a busy week: cards, both charts, the three tables. */
export const Screen: Story = { render: () => <AnalyticsView data={ANALYTICS} /> };

/** A week without messages: zeros, flat charts, 'There is no data for showing.' in every table. */
export const NoData: Story = { render: () => <AnalyticsView data={EMPTY} /> };

/** The messages chart alone (uPlot). */
export const MessagesChart: Story = {
  render: () => (
    <LineChart
      title={T.messagesChart}
      days={days.map((d) => d.date)}
      series={[
        { label: 'Incoming', values: days.map((d) => d.incoming), color: '#0d7468' },
        { label: 'Outgoing', values: days.map((d) => d.outgoing), color: '#6d4bc4' },
      ]}
    />
  ),
};

/** The phone and Instagram timelines, 39 px a row plus two. */
export const Timeline: Story = {
  render: () => (
    <>
      <TimelineChart
        title={T.phoneTimeline}
        phones={TIMELINE.phones.filter((p) => p.type === 'whatsapp')}
        from={TIMELINE.from}
        to={TIMELINE.to}
      />
      <TimelineChart
        title={T.instagramTimeline}
        phones={TIMELINE.phones.filter((p) => p.type === 'instagram')}
        from={TIMELINE.from}
        to={TIMELINE.to}
      />
    </>
  ),
};

/** A timeline with no phones. */
export const EmptyTimeline: Story = {
  render: () => <TimelineChart title={T.phoneTimeline} phones={[]} from={TIMELINE.from} to={TIMELINE.to} />,
};
