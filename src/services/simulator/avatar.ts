import { SIM_RULES } from '../../engines/simulator/rules';
import { renderAvatar } from '../screen/render';

/** The profile picture of a simulated contact: its initials as the simulator names it. */
export function simAvatar(number: string): Promise<Uint8Array<ArrayBuffer>> {
  return renderAvatar(SIM_RULES.name(number), number);
}
