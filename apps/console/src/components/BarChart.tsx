/**
 * A small bar chart of daily series (money as decimal text, compared as numbers only to draw). Each
 * series gets a bar per day; negative values hang below the axis. Plain SVG: no chart library to load.
 */
export function BarChart({
  days,
  series,
  height = 180,
  label,
}: {
  days: string[];
  series: { name: string; color: string; values: string[] }[];
  height?: number;
  label: string;
}) {
  const numbers = series.map((entry) => entry.values.map((value) => Number(value) || 0));
  const max = Math.max(1, ...numbers.flat().map((value) => Math.abs(value)));
  const hasNegative = numbers.flat().some((value) => value < 0);
  const axis = hasNegative ? height / 2 : height - 16;
  const scale = (hasNegative ? height / 2 - 8 : height - 24) / max;
  const slot = 100 / Math.max(1, days.length);
  const bar = slot / (series.length + 1);
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" width="100%" height={height} role="img" aria-label={label}>
        <line x1={0} x2={100} y1={axis} y2={axis} stroke="#d9d9d9" strokeWidth={0.2} />
        {days.map((day, dayIndex) =>
          series.map((entry, seriesIndex) => {
            const value = numbers[seriesIndex]![dayIndex] ?? 0;
            const size = Math.abs(value) * scale;
            return (
              <rect
                key={`${day}-${entry.name}`}
                x={dayIndex * slot + (seriesIndex + 0.5) * bar}
                width={bar * 0.9}
                y={value >= 0 ? axis - size : axis}
                height={size}
                fill={entry.color}
              >
                <title>{`${day} ${entry.name}: ${entry.values[dayIndex]}`}</title>
              </rect>
            );
          }),
        )}
      </svg>
      <figcaption style={{ display: 'flex', gap: 16, flexWrap: 'wrap', fontSize: 12 }}>
        {series.map((entry) => (
          <span key={entry.name}>
            <span style={{ display: 'inline-block', width: 10, height: 10, background: entry.color, marginInlineEnd: 6 }} />
            {entry.name}
          </span>
        ))}
        <span style={{ marginInlineStart: 'auto' }}>
          {days[0]} – {days.at(-1)}
        </span>
      </figcaption>
    </figure>
  );
}
