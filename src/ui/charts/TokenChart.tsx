// The token chart: per model call, stacked estimated input by section (named strategy sections
// included), the provider-reported input, the compaction trigger and the context window as labelled
// marks, the drop of each compaction (before → after), and a marker per context event, with its own
// colour and shape, drawn above everything else. Loaded lazily (recharts is large).
import { memo, useMemo, useState } from 'react';
import {
  Bar,
  Brush,
  CartesianGrid,
  ComposedChart,
  Curve,
  DefaultZIndexes,
  Line,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Symbols,
  Tooltip,
  XAxis,
  YAxis,
  ZIndexLayer,
  useChartWidth,
  usePlotArea,
  useXAxisScale,
  useYAxisScale,
  type TooltipContentProps,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import type { ContextEvent } from '../../core/thread/thread';
import {
  breakdownOf,
  compact,
  downsample,
  eventStyle,
  fmt,
  offScaleNotes,
  triggerLabel,
  windowLabel,
  type ChartRow,
  type Scale,
  type Series,
} from './chart-data';
import { KEY_WIDTH, layoutAnnotations, type LineGeometry, type PointGeometry } from './annotations';
import type { Box } from './label-layout';
import { LABEL_LINE, LABEL_SIZE, textWidth } from './measure-text';
import { MarkerIcon } from './MarkerIcon';
import { plainLine } from './plain-line';
import { useStaged } from './staged';

export const REPORTED_COLOR = '#000000';
export const TRIGGER_COLOR = '#D55E00';
export const WINDOW_COLOR = '#555555';
export const DROP_COLOR = '#009E73';
/** The trigger's and the window's lines: colour and dash. */
const LINE_LOOKS = {
  trigger: { color: TRIGGER_COLOR, dash: '6 4' },
  window: { color: WINDOW_COLOR, dash: '2 3' },
} as const;
/** The drop's caption: the drop's green, darker (readable as text). */
const DROP_TEXT = '#00573f';

/** Pixels between markers of different kinds at the same call. */
const MARKER_STEP = 13;
/** Pixels from a point's top to the centre of its first marker. */
const MARKER_LIFT = 9;
/** Symbol area of a marker (a summarization's is larger), and half its drawn extent. */
const markerSize = (kind: string) => (kind === 'summarize' ? 110 : 80);
const markerHalf = (kind: string) => (kind === 'summarize' ? 7 : 6);
/** Radius of a compaction drop's dot. */
const DROP_RADIUS = 4;
/** Left of the off-scale notes' strip and right of the plot (see tokens.css .chart-offscale). */
const NOTES_RIGHT = 16;
/** Gap between two off-scale notes (tokens.css). */
const NOTES_GAP = 12;
/** The y-axis: its width and title. */
const Y_AXIS_WIDTH = 52;
const Y_TITLE = 'input tokens';

/** Row key of an event kind's marker position ("mark:offload"). */
const markKey = (kind: string) => `mark:${kind}`;

/**
 * Up to this many calls in view, each call is a stacked bar. Above it, the sections are drawn as
 * stacked steps (one path per section: a bar would be under a few pixels wide, and a bar per call
 * per section is thousands of shapes that stall the page), and past MAX_POINTS neighbouring calls
 * are grouped into one point (see downsample). Every event keeps its marker, the tooltip gives
 * exact figures and says which calls a point stands for, and zooming in with the brush below the
 * chart brings back one bar per call.
 */
export const BAR_CALLS = 120;
/** At most this many points are drawn. */
export const MAX_POINTS = 200;

/** No vertical grid lines (the grid would otherwise still measure every call's tick label). */
const NO_LINES = () => [];

/** About this many call numbers on the axis of a dense chart (its labels are not measured). */
const DENSE_TICKS = 10;

/**
 * Rows with a marker position per event kind present (above the call's bar and reported dot), and
 * each kind's slot in its call's stack of markers, so that markers never hide each other.
 */
export function withMarkers(rows: readonly ChartRow[]): { rows: ChartRow[]; kinds: string[] } {
  const kinds: string[] = [];
  const out = rows.map((row) => {
    const here = [...new Set(row.events.map((event) => event.kind))];
    const marked: ChartRow = { ...row };
    here.forEach((kind, slot) => {
      if (!kinds.includes(kind)) kinds.push(kind);
      marked[markKey(kind)] = Math.max(row.total, row.reported ?? 0, row.drop?.before ?? 0);
      marked[`slot:${kind}`] = slot;
    });
    return marked;
  });
  return { rows: out, kinds };
}

function TokenChart({
  rows,
  series,
  scale,
  onEvent,
}: {
  rows: ChartRow[];
  series: Series[];
  scale: Scale;
  onEvent: (event: ContextEvent) => void;
}) {
  // The calls in view (the brush): all of them until the brush narrows it, which then stays on the
  // same calls as the thread grows.
  const [range, setRange] = useState<{ start: number; end: number } | null>(null);
  // Mounted in parts, one task each: the axes, the grid and tooltip, the series, the marks (limits,
  // drops, event markers), the brush (a chart's first mount was one task of up to 100 ms).
  const stage = useStaged(5);
  const last = rows.length - 1;
  const start = range ? Math.min(range.start, last) : 0;
  const end = range ? Math.min(range.end, last) : last;
  const visible = end - start + 1;
  const bars = visible <= BAR_CALLS;
  const { rows: data, kinds } = useMemo(
    () => withMarkers(downsample(rows, start, end, MAX_POINTS)),
    [rows, start, end],
  );
  const drops = useMemo(() => data.filter((row) => row.drop), [data]);
  // Each kind's markers: only the points that have one.
  const marks = useMemo(() => {
    const byKind = new Map<string, ChartRow[]>(kinds.map((kind) => [kind, []]));
    for (const row of data)
      for (const kind of kinds) if (row[markKey(kind)] !== undefined) byKind.get(kind)!.push(row);
    return byKind;
  }, [data, kinds]);
  // The notes over the chart's top edge (drawn by the readout): the labels keep clear of them.
  const notes = useMemo(() => offScaleNotes(scale, rows.at(-1)?.total ?? 0), [scale, rows]);
  // The brush needs only the call numbers (it draws no series of its own).
  const calls = useMemo(() => rows.map((row) => ({ call: row.call })), [rows]);
  return (
    <div className="token-chart">
      <div className="token-chart-plot">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 26, right: 16, bottom: 4, left: 8 }}>
            {stage >= 2 && (
              <CartesianGrid
                strokeDasharray="3 3"
                stroke="#e5e7eb"
                vertical={false}
                verticalCoordinatesGenerator={NO_LINES}
              />
            )}
            {/* The ticks are call numbers (the headline and the tooltip say "Call n"): no axis title,
            so that the plot keeps the height in a short panel. */}
            <XAxis
              dataKey="call"
              tick={{ fontSize: 11 }}
              height={20}
              {...(bars ? {} : { interval: Math.ceil(data.length / DENSE_TICKS) - 1 })}
            />
            <YAxis
              domain={[0, scale.max]}
              ticks={scale.ticks}
              allowDataOverflow
              tick={{ fontSize: 11 }}
              tickFormatter={compact}
              width={Y_AXIS_WIDTH}
              label={{
                value: Y_TITLE,
                angle: -90,
                position: 'insideLeft',
                offset: 4,
                fontSize: 11,
                style: { textAnchor: 'middle' },
              }}
            />
            {stage >= 2 && (
              <Tooltip content={(props) => <ChartTooltip {...props} series={series} />} />
            )}
            {stage >= 3 && (
              <>
                {bars ? (
                  series.map((s) => (
                    <Bar
                      key={s.key}
                      dataKey={s.key}
                      name={s.label}
                      stackId="input"
                      fill={s.color}
                      stroke="#ffffff"
                      strokeWidth={0.5}
                      maxBarSize={36}
                      isAnimationActive={false}
                    />
                  ))
                ) : (
                  <>
                    <StackedSteps data={data} series={series} max={scale.max} />
                    {/* Invisible: gives the tooltip its point (every row has a total) where no
                    reported figure is drawn. */}
                    <Line
                      dataKey="total"
                      stroke="none"
                      dot={false}
                      activeDot={false}
                      legendType="none"
                      isAnimationActive={false}
                      shape={plainLine}
                    />
                  </>
                )}
                <Line
                  dataKey="reported"
                  name="Reported input"
                  stroke={REPORTED_COLOR}
                  strokeWidth={bars ? 2 : 1.5}
                  dot={bars ? { r: 2.5, fill: REPORTED_COLOR } : false}
                  connectNulls
                  isAnimationActive={false}
                  shape={plainLine}
                />
              </>
            )}
            {stage >= 4 && (
              <>
                {scale.trigger?.onScale && (
                  <ReferenceLine
                    y={scale.trigger.tokens}
                    stroke={LINE_LOOKS.trigger.color}
                    strokeDasharray={LINE_LOOKS.trigger.dash}
                    strokeWidth={1.5}
                  />
                )}
                {scale.window.onScale && (
                  <ReferenceLine
                    y={scale.window.tokens}
                    stroke={LINE_LOOKS.window.color}
                    strokeDasharray={LINE_LOOKS.window.dash}
                    strokeWidth={1.5}
                  />
                )}
                {drops.map((row) => (
                  <ReferenceLine
                    key={`drop-${row.call}`}
                    segment={[
                      { x: row.call, y: row.drop!.before },
                      { x: row.call, y: row.drop!.after },
                    ]}
                    stroke={DROP_COLOR}
                    strokeWidth={3}
                  />
                ))}
                {drops.map((row) => (
                  <ReferenceDot
                    key={`drop-dot-${row.call}`}
                    x={row.call}
                    y={row.drop!.before}
                    r={DROP_RADIUS}
                    fill="#ffffff"
                    stroke={DROP_COLOR}
                    strokeWidth={2}
                  />
                ))}
                <EventMarkers kinds={kinds} marks={marks} onEvent={onEvent} />
                <ChartLabels data={data} scale={scale} bars={bars} notes={notes} />
              </>
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      {rows.length > 12 && (
        // The brush in a strip of its own, over every call: the plot above draws the calls it
        // selects (grouped when there are many), so a zoom brings back every call.
        <div className="token-chart-brush">
          {stage >= 5 && (
            <ResponsiveContainer width="100%" height="100%">
              {/* Drawn anew when a call is added: the brush's handles are placed from its data, and a
                brush whose indexes outrun its data for a render draws NaN positions. */}
              <ComposedChart
                key={rows.length}
                data={calls}
                margin={{ top: 0, right: 16, bottom: 2, left: 60 }}
              >
                <Brush
                  dataKey="call"
                  height={18}
                  travellerWidth={8}
                  stroke="#6b7280"
                  startIndex={start}
                  endIndex={end}
                  onChange={(next) =>
                    setRange(
                      next.startIndex === 0 && next.endIndex === last
                        ? null
                        : { start: next.startIndex, end: next.endIndex },
                    )
                  }
                />
              </ComposedChart>
            </ResponsiveContainer>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The sections of a dense chart as stacked steps, one path per section, drawn with the chart's own
 * axis scales and recharts' Curve. Stacked <Area>s drew the same paths, but each is a recharts
 * series with its own selectors that every change of the chart (a zoom, a new call) ran again,
 * seven times over: the most of a long task. Clipped at the top of the scale, as the chart clips.
 */
function StackedSteps({ data, series, max }: { data: ChartRow[]; series: Series[]; max: number }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const paths = useMemo(() => {
    // The y axis is linear from 0 to max: two calls of its scale place every value (the scale's
    // own call, made per point and section, was most of this layer's time).
    const zero = y?.(0);
    const top = y?.(max);
    if (!x || zero === undefined || top === undefined || !(max > 0)) return [];
    const yOf = (tokens: number) => zero + (Math.min(tokens, max) / max) * (top - zero);
    const xs = data.map((row) => x(row.call, { position: 'middle' }));
    const below = data.map(() => 0);
    return series.map((s) => {
      const points = [];
      const base = [];
      for (let i = 0; i < data.length; i++) {
        const at = xs[i];
        const value = data[i]![s.key];
        const from = below[i]!;
        const to = from + (typeof value === 'number' && value > 0 ? value : 0);
        below[i] = to;
        if (at === undefined) continue;
        points.push({ x: at, y: yOf(to) });
        base.push({ x: at, y: yOf(from) });
      }
      return { series: s, points, base };
    });
  }, [data, series, max, x, y]);
  return (
    <ZIndexLayer zIndex={DefaultZIndexes.area}>
      <g className="chart-steps">
        {paths.map(({ series: s, points, base }) => (
          <Curve
            key={s.key}
            type="step"
            points={points}
            baseLine={base}
            fill={s.color}
            fillOpacity={1}
            stroke="none"
          />
        ))}
      </g>
    </ZIndexLayer>
  );
}

/**
 * A marker per event kind at each call in view that has one, stacked above the call's bar (each
 * kind its own colour and shape), drawn over everything else; a click opens what the event
 * produced. Placed with the chart's own axis scales: only the calls with events are drawn.
 */
function EventMarkers({
  kinds,
  marks,
  onEvent,
}: {
  kinds: string[];
  marks: Map<string, ChartRow[]>;
  onEvent: (event: ContextEvent) => void;
}) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  if (!x || !y) return null;
  return (
    <g className="chart-markers">
      {kinds.map((kind) => {
        const style = eventStyle(kind);
        return (
          <g key={kind} className="chart-marker-kind" data-kind={kind}>
            {(marks.get(kind) ?? []).map((row) => {
              const cx = x(row.call, { position: 'middle' });
              const cy = y(row[markKey(kind)]);
              if (cx === undefined || cy === undefined) return null;
              const slot =
                typeof row[`slot:${kind}`] === 'number' ? (row[`slot:${kind}`] as number) : 0;
              return (
                <g
                  key={row.call}
                  className="chart-marker"
                  cursor="pointer"
                  onClick={() => {
                    const first = row.events.find((event) => event.kind === kind);
                    if (first) onEvent(first);
                  }}
                >
                  <Symbols
                    cx={cx}
                    cy={cy - MARKER_LIFT - slot * MARKER_STEP}
                    type={style.shape}
                    size={markerSize(kind)}
                    fill={style.color}
                    stroke="#ffffff"
                    strokeWidth={1}
                  />
                </g>
              );
            })}
          </g>
        );
      })}
    </g>
  );
}

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
function ChartLabels({
  data,
  scale,
  bars,
  notes,
}: {
  data: ChartRow[];
  scale: Scale;
  bars: boolean;
  notes: { kind: 'trigger' | 'window'; text: string }[];
}) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const plot = usePlotArea();
  const width = useChartWidth();
  const layout = useMemo(() => {
    if (!x || !y || !plot || !width) return undefined;
    const xs = data.map((row) => x(row.call, { position: 'middle' }));
    // A bar is at most 36 px and about 90% of a call's band; a step spans its whole band.
    let step = plot.width;
    for (let i = 1; i < xs.length; i++) {
      const a = xs[i - 1];
      const b = xs[i];
      if (a !== undefined && b !== undefined && b > a) step = Math.min(step, b - a);
    }
    const halfWidth = bars ? Math.min(18, step * 0.45) : step / 2;
    const at = (tokens: number) => y(tokens) ?? plot.y;
    const points: PointGeometry[] = [];
    data.forEach((row, i) => {
      const cx = xs[i];
      if (cx === undefined) return;
      const markers = [...new Set(row.events.map((event) => event.kind))].map((kind, slot) => ({
        y: at(row[markKey(kind)] as number) - MARKER_LIFT - slot * MARKER_STEP,
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
    for (const tick of scale.ticks)
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
  }, [x, y, plot, width, data, bars, scale, notes]);
  if (!layout) return null;
  const { lines, points, placed } = layout;
  return (
    <ZIndexLayer zIndex={DefaultZIndexes.label}>
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
    </ZIndexLayer>
  );
}

/** Drawn again only when its rows, series or scale change (they are memoized by the readout). */
export default memo(TokenChart);

function ChartTooltip({
  active,
  payload,
  series,
}: TooltipContentProps<ValueType, NameType> & { series: Series[] }) {
  if (!active || !payload?.length) return null;
  const row = payload[0]?.payload as ChartRow | undefined;
  if (!row) return null;
  const group = row.bucket;
  return (
    <div className="chart-tooltip">
      {group && (
        <div className="muted">
          Calls {group.first}–{group.last}, drawn as the largest:
        </div>
      )}
      <strong>Call {row.call}</strong>: {fmt(row.total)} estimated input tokens
      <table>
        <tbody>
          {breakdownOf(row, series)
            .reverse()
            .map((s) => (
              <tr key={s.key}>
                <th scope="row">
                  <span className="swatch" style={{ background: s.color }} /> {s.label}
                </th>
                <td>{fmt(s.tokens)}</td>
              </tr>
            ))}
          {row.reported !== undefined && (
            <tr>
              <th scope="row">Reported by provider</th>
              <td>{fmt(row.reported)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {row.speed && <div className="muted">{row.speed}</div>}
      {row.events.slice(0, TOOLTIP_EVENTS).map((event, i) => {
        const style = eventStyle(event.kind);
        return (
          <div key={event.id} className="chart-tooltip-event">
            <MarkerIcon shape={style.shape} color={style.color} />{' '}
            {group ? `Call ${group.eventCalls[i]}: ` : ''}
            {style.label}
            {event.tokensBefore !== undefined && event.tokensAfter !== undefined && (
              <>
                : {fmt(event.tokensBefore)} → {fmt(event.tokensAfter)} tokens
              </>
            )}
            <div className="muted">{event.detail}</div>
          </div>
        );
      })}
      {row.events.length > TOOLTIP_EVENTS && (
        <div className="muted">
          … and {row.events.length - TOOLTIP_EVENTS} more events (zoom in, or see the event list)
        </div>
      )}
    </div>
  );
}

/** Events listed in one tooltip (a grouped point may hold many). */
const TOOLTIP_EVENTS = 6;
