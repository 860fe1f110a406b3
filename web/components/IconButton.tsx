import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './Icon';
import { Tooltip } from './Tooltip';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  /** The accessible name, also shown as the tooltip. */
  label: string;
  placement?: 'top' | 'bottom';
}

/** A square button with an icon, named by its label and explained by a tooltip. */
export function IconButton({ icon, label, placement, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <Tooltip text={label} placement={placement} repeatsName>
      <button {...rest} type={type} className={['w-icon-btn', className].filter(Boolean).join(' ')} aria-label={label}>
        <Icon name={icon} size={18} />
      </button>
    </Tooltip>
  );
}
