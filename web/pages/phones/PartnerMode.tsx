import { useState } from 'react';
import { SelectField } from '../../components/SelectField';
import { errorMessage } from '../../lib/messaging-api';
import type { PartnerMode as Mode } from '../../lib/phones';

export interface PartnerModeProps {
  mode: Mode;
  /** Disabled phones show closed and cannot change. */
  disabled?: boolean;
  onChange: (mode: Exclude<Mode, 'trial'>) => Promise<void>;
}

/** A partner's mode for one phone: live or closed; trial shows but cannot be chosen (2-phones §4.3). */
export function PartnerMode({ mode, disabled, onChange }: PartnerModeProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
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
        disabled={disabled || busy}
        options={options}
        error={error || undefined}
        onChange={(v) => {
          setBusy(true);
          setError('');
          onChange(v as Exclude<Mode, 'trial'>)
            .catch((e: unknown) => setError(errorMessage(e)))
            .finally(() => setBusy(false));
        }}
      />
    </div>
  );
}
