// The token chart's limits and compaction drops: the trigger's and the window's dashed lines when
// they are on the scale, and each compaction's drop (a green stroke from before to after, a ring at
// before). Memoized on the frame and the data.
import { memo, useMemo } from 'react';
import type { ChartRow, Scale } from '../chart-data';
import { DROP_COLOR, LINE_LOOKS, type Frame } from '../token-frame';

/** Radius of a compaction drop's dot. */
export const DROP_RADIUS = 4;

/** The compaction trigger and the context window, when on the scale: dashed lines across the plot. */
export const Limits = memo(function Limits({ frame, scale }: { frame: Frame; scale: Scale }) {
  const { plot, y } = frame;
  const lines = (['trigger', 'window'] as const).flatMap((id) => {
    const limit = id === 'trigger' ? scale.trigger : scale.window;
    return limit?.onScale ? [{ id, at: y(limit.tokens) }] : [];
  });
  return (
    <g className="chart-limits" pointerEvents="none">
      {lines.map(({ id, at }) => (
        <line
          key={id}
          x1={plot.x}
          x2={plot.x + plot.width}
          y1={at}
          y2={at}
          stroke={LINE_LOOKS[id].color}
          strokeDasharray={LINE_LOOKS[id].dash}
          strokeWidth={1.5}
        />
      ))}
    </g>
  );
});

/** Each compaction's drop: a green stroke from before to after, a ring at before. */
export const Drops = memo(function Drops({ frame, data }: { frame: Frame; data: ChartRow[] }) {
  const drops = useMemo(
    () => data.flatMap((row, i) => (row.drop ? [{ row, x: frame.xs[i] }] : [])),
    [data, frame],
  );
  return (
    <g className="chart-drops" pointerEvents="none">
      {drops.map(({ row, x }) => {
        if (x === undefined) return null;
        const before = frame.y(row.drop!.before);
        return (
          <g key={row.call}>
            <line
              x1={x}
              x2={x}
              y1={before}
              y2={frame.y(row.drop!.after)}
              stroke={DROP_COLOR}
              strokeWidth={3}
            />
            <circle
              cx={x}
              cy={before}
              r={DROP_RADIUS}
              fill="#ffffff"
              stroke={DROP_COLOR}
              strokeWidth={2}
            />
          </g>
        );
      })}
    </g>
  );
});
