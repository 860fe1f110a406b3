import { useMemo } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { IconButton } from '../../components/IconButton';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { WEEKDAYS, type BusinessHours, type HoursRange, type Weekday } from '../../stores/inbox-owner/settings';
import { DAY_NAMES, zoneOptions, type SettingsErrors } from './inbox-settings-form';

export interface BusinessHoursEditorProps {
  hours: BusinessHours;
  onChange: (hours: BusinessHours) => void;
  errors: Pick<SettingsErrors, 'timezone' | 'days'>;
}

/** The opening hours of each weekday (none: closed all day) in one time zone. */
export function BusinessHoursEditor({ hours, onChange, errors }: BusinessHoursEditorProps) {
  const zones = useMemo(() => zoneOptions(hours.timezone).map((z) => ({ value: z, text: z })), [hours.timezone]);
  const setDay = (d: Weekday, ranges: HoursRange[]) => onChange({ ...hours, days: { ...hours.days, [d]: ranges } });
  return (
    <div className="w-hours">
      <SelectField
        label="Time zone"
        value={hours.timezone}
        options={zones}
        onChange={(timezone) => onChange({ ...hours, timezone })}
        error={errors.timezone}
      />
      {WEEKDAYS.map((d) => {
        const ranges = hours.days[d] ?? [];
        const error = errors.days?.[d];
        const set = (i: number, r: Partial<HoursRange>) =>
          setDay(
            d,
            ranges.map((x, j) => (j === i ? { ...x, ...r } : x)),
          );
        return (
          <fieldset key={d} className="w-hours__day" aria-invalid={error ? true : undefined}>
            <legend>{DAY_NAMES[d]}</legend>
            {ranges.length === 0 && <span className="w-hours__closed">Closed</span>}
            {ranges.map((r, i) => (
              <div key={i} className="w-hours__range">
                <TextField
                  label="Opens"
                  type="time"
                  value={r.from}
                  onChange={(from) => set(i, { from })}
                  aria-invalid={error ? true : undefined}
                />
                <TextField label="Closes" type="time" value={r.to} onChange={(to) => set(i, { to })} />
                <IconButton
                  icon="trash"
                  label={`Remove ${DAY_NAMES[d]} ${r.from}–${r.to}`}
                  onClick={() =>
                    setDay(
                      d,
                      ranges.filter((_, j) => j !== i),
                    )
                  }
                />
              </div>
            ))}
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setDay(d, [...ranges, ranges.length ? { from: '13:00', to: '17:00' } : { from: '09:00', to: '17:00' }])
              }
            >
              <Icon name="plus" size={16} /> Add hours <span className="w-sr-only">on {DAY_NAMES[d]}</span>
            </Button>
            {error && (
              <span className="w-field__error" role="alert">
                {error}
              </span>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
