import type { Schemas } from '../api/client';

const STATUSES = ['completed', 'transferred', 'missed', 'failed'] as const;
const WIDTH = 800;
const HEIGHT = 240;
const PAD = 30;

/**
 * Calls per period stacked by status, as an SVG drawn here (no chart library): each bar's
 * segments carry a <title> with their figures, and the table under the chart holds the same
 * numbers for those who do not see it.
 */
export function StatsChart({ stats, title }: { stats: Schemas['CallStats']; title: string }) {
  const max = Math.max(1, ...stats.periods.map((p) => p.calls));
  const slot = (WIDTH - PAD) / Math.max(1, stats.periods.length);
  const bar = Math.max(1, slot * 0.8);
  const scale = (HEIGHT - PAD) / max;
  return (
    <figure>
      <svg class="stats-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        <title>{title}</title>
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH} y2={HEIGHT - PAD} stroke="#333" />
        <text x={2} y={12} font-size="11">
          {max}
        </text>
        {stats.periods.map((p, i) => {
          let y = HEIGHT - PAD;
          const x = PAD + i * slot + (slot - bar) / 2;
          return (
            <g key={p.date} class="period" data-date={p.date} data-calls={p.calls}>
              {STATUSES.map((s) => {
                const h = p.by_status[s] * scale;
                y -= h;
                return h > 0 ? (
                  <rect key={s} class={s} x={x} y={y} width={bar} height={h}>
                    <title>{`${p.date} · ${s}: ${p.by_status[s]}`}</title>
                  </rect>
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul class="legend">
          {STATUSES.map((s) => (
            <li key={s}>
              <span class={`swatch ${s}`} aria-hidden="true" />
              {s}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
