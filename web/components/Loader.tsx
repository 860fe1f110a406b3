/** A spinner with an accessible label. */
export function Loader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="w-loader" role="status" aria-live="polite">
      <span className="w-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
