// The token chart's labels: the trigger's and the window's line labels and the before → after
// caption of each compaction, placed clear of each other and of every mark by the kit's label
// placement (annotations.ts on plot/label-layout.ts). Memoized on the frame and the data.
import { memo, useMemo } from 'react';
import {
  KEY_WIDTH,
  layoutAnnotations,
  type LineGeometry,
  type PointGeometry,
} from '../annotations';
import { compact, triggerLabel, windowLabel, type ChartRow, type Scale } from '../chart-data';
import { barWidth, LINE_LOOKS, PLOT_MARGIN, Y_AXIS_WIDTH, type Frame } from '../token-frame';
import { Y_TITLE } from './Axes';
import { DROP_RADIUS } from './Drops';
import { markerHalf, markerY } from './Markers';
import type { Box } from '../../plot/box';
import { LABEL_LINE, LABEL_SIZE, textWidth } from '../../plot/measure-text';
import { labelledTicks } from '../../plot/scale';

/** The drop's caption: the drop's green, darker (readable as text). */
const DROP_TEXT = '#00573f';
/** Left of the off-scale notes' strip and right of the plot (see tokens.css .chart-offscale). */
const NOTES_RIGHT = PLOT_MARGIN.right;
/** Gap between two off-scale notes (tokens.css). */
const NOTES_GAP = 12;

/** A label's text: the chart's size, with a white halo so that it reads over the grid. */
function ChartLabel({
  box,
  text,
  color,
  bold = false,
}: {
  box: Box;
  text: string;
  color: string;
  bold?: boolean;
}) {
  return (
    <text
      x={box.x}
      y={box.y + box.height / 2}
      dominantBaseline="central"
      fill={color}
      stroke="#ffffff"
      strokeWidth={3}
      paintOrder="stroke"
      fontSize={LABEL_SIZE}
      fontWeight={bold ? 600 : undefined}
      // Text only: the pointer passes through to the chart beneath (its tooltip, a marker).
      pointerEvents="none"
    >
      {text}
    </text>
  );
}

/**
 * The labels of the trigger and window lines and the before → after caption of each compaction,
 * placed clear of each other and of every mark (see annotations.ts); a caption with no clear place
 * is left out: the drop stays drawn, and its tooltip and the event list give the figures.
 */
export const ChartLabels = memo(function ChartLabels({
  frame,
  data,
  scale,
  bars,
  notes,
}: {
  frame: Frame;
  data: ChartRow[];
  scale: Scale;
  bars: boolean;
  notes: { kind: 'trigger' | 'window'; text: string }[];
}) {
  const layout = useMemo(() => {
    const { plot, width, xs, slot, y: at } = frame;
    // A bar's half width; a step spans its whole slot.
    const halfWidth = bars ? barWidth(slot) / 2 : slot / 2;
    const points: PointGeometry[] = [];
    data.forEach((row, i) => {
      const cx = xs[i]!;
      const markers = [...new Set(row.events.map((event) => event.kind))].map((kind) => ({
        y: markerY(frame, row, kind),
        half: markerHalf(kind),
      }));
      points.push({
        key: String(row.call),
        x: cx,
        halfWidth,
        top: at(row.total),
        ...(row.reported !== undefined ? { reported: at(row.reported) } : {}),
        reportedRadius: bars ? 2.5 : 0,
        ...(row.drop
          ? {
              drop: {
                before: at(row.drop.before),
                after: at(row.drop.after),
                text: `${compact(row.drop.before)} → ${compact(row.drop.after)}`,
                tokens: row.drop.before - row.drop.after,
              },
            }
          : {}),
        markers,
      });
    });
    const lines: LineGeometry[] = [];
    if (scale.trigger?.onScale)
      lines.push({
        id: 'trigger',
        y: at(scale.trigger.tokens),
        text: triggerLabel(scale.trigger.tokens),
        short: `compaction at ${compact(scale.trigger.tokens)}`,
      });
    if (scale.window.onScale)
      lines.push({
        id: 'window',
        y: at(scale.window.tokens),
        text: windowLabel(scale.window.tokens),
        short: `window ${compact(scale.window.tokens)}`,
      });
    // The off-scale notes: one line at the strip's right (two when they do not fit in one).
    const reserved: Box[] = [];
    if (notes.length) {
      const widths = notes.map((note) =>
        textWidth(`↑ ${note.text}`, LABEL_SIZE, note.kind === 'trigger'),
      );
      const total = widths.reduce((a, b) => a + b, 0) + NOTES_GAP * (notes.length - 1);
      const right = width - NOTES_RIGHT;
      const room = right - plot.x;
      reserved.push(
        total <= room
          ? { x: right - total, y: 0, width: total, height: LABEL_LINE }
          : { x: plot.x, y: 0, width: room, height: 2 * LABEL_LINE },
      );
    }
    // The y-axis's tick labels and its title: a line's label may go over the axis in the strip
    // above the plot, never over them.
    for (const tick of labelledTicks(scale.ticks, at))
      reserved.push({
        x: plot.x - Y_AXIS_WIDTH,
        y: at(tick) - 7,
        width: Y_AXIS_WIDTH - 2,
        height: 14,
      });
    const title = textWidth(Y_TITLE, LABEL_SIZE) / 2;
    const middle = plot.y + plot.height / 2;
    reserved.push({
      x: 0,
      y: middle - title,
      width: plot.x - Y_AXIS_WIDTH + 14,
      height: 2 * title,
    });
    const bounds = {
      x: plot.x,
      y: 1,
      width: Math.min(width - 4, plot.x + plot.width + NOTES_RIGHT - 4) - plot.x,
      height: plot.y + plot.height - 1,
    };
    return {
      lines,
      points,
      placed: layoutAnnotations({
        points,
        lines,
        plot,
        // The plot, the strip above it and the plot's right margin less a few pixels; the lines'
        // labels may also take the strip's part over the axis.
        bounds,
        lineBounds: { ...bounds, x: 4, width: bounds.x + bounds.width - 4 },
        reserved,
        measure: (text, bold) => textWidth(text, LABEL_SIZE, bold),
        lineHeight: LABEL_LINE,
        dropRadius: DROP_RADIUS,
      }),
    };
  }, [frame, data, bars, scale, notes]);
  const { lines, points, placed } = layout;
  return (
    <g className="chart-labels">
      {lines.map((line) => {
        const box = placed.lines.get(line.id);
        if (!box) return null;
        const look = LINE_LOOKS[line.id];
        if (box.tag !== 'key' && box.tag !== 'key-short')
          return <ChartLabel key={line.id} box={box} text={line.text} color={look.color} />;
        // Away from its line: a stretch of the line's dash first, as a key.
        const mid = box.y + box.height / 2;
        return (
          <g key={line.id}>
            <line
              x1={box.x}
              x2={box.x + KEY_WIDTH - 6}
              y1={mid}
              y2={mid}
              stroke={look.color}
              strokeDasharray={look.dash}
              strokeWidth={1.5}
            />
            <ChartLabel
              box={{ ...box, x: box.x + KEY_WIDTH, width: box.width - KEY_WIDTH }}
              text={box.tag === 'key-short' ? (line.short ?? line.text) : line.text}
              color={look.color}
            />
          </g>
        );
      })}
      {points.map((point) => {
        const box = point.drop && placed.captions.get(point.key);
        return box ? (
          <ChartLabel key={point.key} box={box} text={point.drop!.text} color={DROP_TEXT} bold />
        ) : null;
      })}
    </g>
  );
});
