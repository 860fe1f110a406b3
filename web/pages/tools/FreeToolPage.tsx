import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import { TOOL_COMPONENTS } from '../../../widgets/src/tools';
import { SIGN_UP_TEXT, TOOL_PAGES } from '../../../src/shared/tool-pages';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { CodeBlock } from '../../components/CodeBlock';
import { brandName, getConfig } from '../../lib/bootstrap';
import { normalizeInternational } from '../../lib/phone-numbers';
import { $user } from '../../stores/session';
import type { PageProps } from '../page-props';
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
  const body = (
    <>
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
    </>
  );
  if (signedIn) return body;
  return (
    <main className="w-public">
      <header className="w-public__bar">
        <Link href="/" className="w-public__brand">
          {brandName(getConfig().brand)}
        </Link>
        <Link href="/login">Log in</Link>
        <Link href="/register" className={buttonClass('primary', { size: 'sm' })}>
          Sign up
        </Link>
      </header>
      {body}
      <Card title="Use WhatsApp from your own code">
        <p>
          {SIGN_UP_TEXT} <Link href="/register">Sign up</Link> or <Link href="/login">log in</Link>.
        </p>
      </Card>
    </main>
  );
}
