import { Link } from 'wouter';
import type { ToolLink } from '../../../src/shared/tool-pages';
import { Chip } from '../../components/Badge';
import './tools.css';

/** The /tools list: each of the nine tools with what it does, those needing a phone marked. */
export function ToolsIndex({ links }: { links: readonly ToolLink[] }) {
  return (
    <ul className="w-tools-index" aria-label="The free tools">
      {links.map((t) => (
        <li key={t.path} className="w-tools-index__item">
          <Link href={t.path} className="w-tools-index__name">
            {t.name}
          </Link>
          {t.needsPhone && <Chip tone="info">Needs a phone</Chip>}
          <p className="w-tools-index__summary">{t.summary}</p>
        </li>
      ))}
    </ul>
  );
}
