import './cards.css';

/** The grey outline of a card while its content loads. */
export function SkeletonCard({ lines = 3 }: { lines?: number }) {
  return (
    <div className="trade-card trade-card--skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton skeleton--text" style={{ width: `${90 - i * 18}%` }} />
      ))}
    </div>
  );
}
