import { SelectField } from '../../components/SelectField';
import type { PartnerMode as Mode } from '../../lib/phones';
import { useAction } from '../../lib/use-action';

export interface PartnerModeProps {
  mode: Mode;
  /** Disabled phones show closed and cannot change. */
  disabled?: boolean;
  onChange: (mode: Exclude<Mode, 'trial'>) => Promise<void>;
}

/** A partner's mode for one phone: live or closed; trial shows but cannot be chosen (2-phones §4.3). */
export function PartnerMode({ mode, disabled, onChange }: PartnerModeProps) {
  const change = useAction(onChange);
  const options = [
    { value: 'live', text: 'live' },
    { value: 'closed', text: 'closed' },
    { value: 'trial', text: 'trial', disabled: true },
  ];
  return (
    <div className="w-partner-mode">
      <SelectField
        label="Mode"
        value={mode}
        disabled={disabled || change.busy}
        options={options}
        error={change.error || undefined}
        onChange={(v) => void change.run(v as Exclude<Mode, 'trial'>)}
      />
    </div>
  );
}
