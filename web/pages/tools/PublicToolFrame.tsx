import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SIGN_UP_TEXT } from '../../../src/shared/tool-names';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { brandName, getConfig } from '../../lib/bootstrap';
import './tools.css';

/**
 * A public tools page as a visitor sees it: a bar with the brand, Log in and Sign up, the page, and an
 * invitation to sign up. A signed-in user gets the page alone, inside the console's layout.
 */
export function PublicToolFrame({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  if (signedIn) return children;
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
      {children}
      <Card title="Use WhatsApp from your own code">
        <p>
          {SIGN_UP_TEXT} <Link href="/register">Sign up</Link> or <Link href="/login">log in</Link>.
        </p>
      </Card>
    </main>
  );
}
