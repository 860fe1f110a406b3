import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  block?: boolean;
  /** Shows a spinner and ignores clicks while a request is in flight. */
  loading?: boolean;
  children: ReactNode;
}

/** Class names of a button, for anchors that must look like one. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  opts: { block?: boolean; size?: 'md' | 'sm' } = {},
): string {
  return ['w-btn', `w-btn--${variant}`, opts.block && 'w-btn--block', opts.size === 'sm' && 'w-btn--sm']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  size = 'md',
  block,
  loading,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={[buttonClass(variant, { block, size }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="w-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
