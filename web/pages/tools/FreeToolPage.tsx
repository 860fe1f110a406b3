import { useStore } from '@nanostores/react';
import { TOOL_COMPONENTS } from '@wapi/widgets/tools';
import { TOOL_PAGES } from '../../../src/shared/tool-pages';
import { Card } from '../../components/Card';
import { CodeBlock } from '../../components/CodeBlock';
import { normalizeInternational } from '../../lib/phone-numbers';
import { $user } from '../../stores/session';
import type { PageProps } from '../page-props';
import { PublicToolFrame } from './PublicToolFrame';
import { ToolsNav } from './ToolsNav';
import './tools.css';

/**
 * A free tool that needs no phone (/tools/...): its text and the widget package's component, inside
 * the console for users and on a public page, with an invitation to sign up, for visitors.
 */
export default function FreeToolPage({ route }: PageProps) {
  const signedIn = Boolean(useStore($user));
  const page = TOOL_PAGES[route.path]!;
  const Tool = TOOL_COMPONENTS[page.tool]!;
  return (
    <PublicToolFrame signedIn={signedIn}>
      <ToolsNav current={page.canonical} />
      <Card title={page.heading} as={signedIn ? 'h2' : 'h1'}>
        <div className="w-tool-intro">
          {page.intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {page.example && <CodeBlock code={page.example} label="Example request" />}
        </div>
        <Tool normalizePhone={normalizeInternational} />
      </Card>
    </PublicToolFrame>
  );
}
