import { Link } from 'wouter';
import { Card } from '../components/Card';
import type { PageProps } from './page-props';

/** The one line an area that is not built yet shows: nothing on it pretends to work. */
export const AREA_LATER_TEXT = 'This area is not available yet.';

/** An area of the route table that is not built yet, inside its layout. */
export function AreaPlaceholder({ title }: { title: string }) {
  return (
    <Card title={title}>
      <p className="w-muted">{AREA_LATER_TEXT}</p>
    </Card>
  );
}

/** A not-yet-built area without a layout (the back-office under /yta). */
export function StandaloneArea({ title }: { title: string }) {
  return (
    <main className="w-status">
      <div className="w-status__box">
        <h1 className="w-status__title">{title}</h1>
        <p className="w-status__hint">{AREA_LATER_TEXT}</p>
        <Link href="/">Back to Homepage</Link>
      </div>
    </main>
  );
}

export default function AreaPage({ route }: PageProps) {
  return route.layout === 'none' ? <StandaloneArea title={route.title} /> : <AreaPlaceholder title={route.title} />;
}
