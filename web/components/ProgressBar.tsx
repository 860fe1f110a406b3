export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  /** What is progressing, the bar's accessible name. */
  label: string;
  /** The current stage, shown next to the percentage and read as the value text. */
  stage?: string;
}

/** A determinate progress bar with its stage and percentage. */
export function ProgressBar({ value, label, stage }: ProgressBarProps) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="w-progress">
      <div className="w-progress__meta" aria-hidden="true">
        <span>{stage ?? label}</span>
        <span>{v}%</span>
      </div>
      <div
        className="w-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={v}
        aria-valuetext={stage ? `${v}% ${stage}` : undefined}
      >
        <div className="w-progress__bar" style={{ width: `${v}%` }} data-done={v === 100} />
      </div>
    </div>
  );
}
