import { Link } from 'wouter';
import { TOOL_NAV } from '../../../src/shared/tool-pages';
import './tools.css';

/** Links to every free tool, the current one marked. */
export function ToolsNav({ current }: { current: string }) {
  return (
    <nav aria-label="Free tools">
      <ul className="w-tools-nav">
        {TOOL_NAV.map((t) => (
          <li key={t.path}>
            <Link href={t.path} aria-current={t.path === current ? 'page' : undefined}>
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
