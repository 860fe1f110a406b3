import { Card } from '../components/Card';
import type { PageProps } from './page-props';

/** The one line an area that is not built yet shows: nothing on it pretends to work. */
const AREA_LATER_TEXT = 'This area is not available yet.';

/** An area of the route table that is not built yet, inside its layout. */
export function AreaPlaceholder({ title }: { title: string }) {
  return (
    <Card title={title}>
      <p className="w-muted">{AREA_LATER_TEXT}</p>
    </Card>
  );
}

export default function AreaPage({ route }: PageProps) {
  return <AreaPlaceholder title={route.title} />;
}
