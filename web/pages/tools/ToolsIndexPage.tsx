import { useStore } from '@nanostores/react';
import { TOOLS_INDEX } from '../../../src/shared/tools-index';
import { Card } from '../../components/Card';
import { $user } from '../../stores/session';
import { PublicToolFrame } from './PublicToolFrame';
import { ToolsIndex } from './ToolsIndex';

/**
 * /tools: the nine tools, each with what it does (issue 38; it showed the Base64 encoder before). Its
 * own page, so it loads none of the tools.
 */
export default function ToolsIndexPage() {
  const signedIn = Boolean(useStore($user));
  return (
    <PublicToolFrame signedIn={signedIn}>
      <Card title={TOOLS_INDEX.heading} as={signedIn ? 'h2' : 'h1'}>
        <div className="w-tool-intro">
          {TOOLS_INDEX.intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <ToolsIndex links={TOOLS_INDEX.links} />
      </Card>
    </PublicToolFrame>
  );
}
