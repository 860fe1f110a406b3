import { cloneElement, useId, type ReactElement } from 'react';

export interface TooltipProps {
  text: string;
  /** One focusable element; it gets aria-describedby pointing at the tooltip. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  /** The text only repeats the element's accessible name: screen readers skip it. */
  repeatsName?: boolean;
}

/** A short hint shown while the element is hovered or focused. */
export function Tooltip({ text, children, placement = 'top', repeatsName }: TooltipProps) {
  const id = useId();
  return (
    <span className={`w-tip w-tip--${placement}`}>
      {repeatsName ? children : cloneElement(children, { 'aria-describedby': id })}
      <span
        role={repeatsName ? undefined : 'tooltip'}
        id={id}
        className="w-tip__bubble"
        aria-hidden={repeatsName || undefined}
      >
        {text}
      </span>
    </span>
  );
}
