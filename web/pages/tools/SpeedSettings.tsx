import { useEffect, useState } from 'react';
import { TextField } from '../../components/TextField';
import { clampBatch, clampInterval, MULTI } from '../../lib/phone-tools';

export interface SpeedSettingsProps {
  /** Numbers loaded; the batch slider runs from 1 to this. */
  count: number;
  batch: number;
  interval: number;
  onBatch: (n: number) => void;
  onInterval: (n: number) => void;
}

/** Batch size and interval (3-developer §5): typed values are clamped when the field is left. */
export function SpeedSettings({ count, batch, interval, onBatch, onInterval }: SpeedSettingsProps) {
  const [batchText, setBatchText] = useState(String(batch));
  const [intervalText, setIntervalText] = useState(String(interval));
  useEffect(() => {
    setBatchText(String(batch));
  }, [batch]);
  useEffect(() => {
    setIntervalText(String(interval));
  }, [interval]);
  const commitBatch = () => onBatch(clampBatch(batchText, count || batch));
  const commitInterval = () => onInterval(clampInterval(intervalText));
  return (
    <fieldset className="w-pt-stack w-pt-speed">
      <legend>Speed settings</legend>
      <div className="w-pt-row w-pt-row--form">
        <TextField
          label="Batch size"
          value={batchText}
          inputMode="numeric"
          onChange={setBatchText}
          onBlur={commitBatch}
          hint="Numbers checked before each pause"
        />
        <TextField
          label="Interval (minutes)"
          value={intervalText}
          inputMode="numeric"
          onChange={setIntervalText}
          onBlur={commitInterval}
          hint={`Pause between batches, ${MULTI.minInterval} to ${MULTI.maxInterval} minutes`}
        />
      </div>
      {count > 0 && (
        <label className="w-field">
          <span>
            Batch size: {batch} of {count}
          </span>
          <input
            type="range"
            min={1}
            max={count}
            value={Math.min(batch, count)}
            onChange={(e) => onBatch(clampBatch(e.target.value, count))}
          />
        </label>
      )}
    </fieldset>
  );
}
