import type { ReactNode } from 'react';
import { BrandMark } from './Icon';

export interface AuthLayoutProps {
  brandName: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: links to the other auth pages. */
  footer?: ReactNode;
}

/** A centred card with the brand, for the sign-in, sign-up and reset pages. */
export function AuthLayout({ brandName, title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <main className="w-auth">
      <div className="w-auth__inner">
        <span className="w-brand">
          <BrandMark />
          {brandName}
        </span>
        <div className="w-card w-auth__card">
          <div className="w-auth__head">
            <h1 className="w-auth__title">{title}</h1>
            {subtitle && <p className="w-auth__subtitle">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="w-auth__foot">{footer}</div>}
      </div>
    </main>
  );
}
