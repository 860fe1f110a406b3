import type { ReactNode } from 'react';
import { Icon } from './Icon';

export interface AlertProps {
  tone: 'success' | 'error' | 'info' | 'warning';
  children: ReactNode;
}

/** A message in a form or page; errors are announced assertively, others politely. */
export function Alert({ tone, children }: AlertProps) {
  return (
    <div className={`w-alert w-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={tone === 'success' ? 'check' : 'alert'} size={18} />
      <div>{children}</div>
    </div>
  );
}
