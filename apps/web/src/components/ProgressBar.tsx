import './progress.css';

/** A horizontal progress bar (mirrored in right-to-left languages by the layout direction). */
export function ProgressBar({ perMille, label, testId }: { perMille: number; label: string; testId?: string }) {
  const percent = Math.max(0, Math.min(1000, perMille)) / 10;
  return (
    <div
      className="vip-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.floor(percent)}
      data-testid={testId}
      data-value={perMille}
    >
      <span className="vip-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
