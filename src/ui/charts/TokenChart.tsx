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
  type ChartRow,
  type Scale,
  type Series,
} from './chart-data';
import { MarkerIcon } from './MarkerIcon';
import { plainLine } from './plain-line';
import { useStaged } from './staged';

export const REPORTED_COLOR = '#000000';
export const TRIGGER_COLOR = '#D55E00';
export const WINDOW_COLOR = '#555555';
export const DROP_COLOR = '#009E73';

/** Pixels between markers of different kinds at the same call. */
const MARKER_STEP = 13;

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
  // Mounted in parts, one task each: the frame (axes, grid, tooltip), the series, the marks (limits,
  // drops, event markers), the brush.
  const stage = useStaged(4);
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
  // The brush needs only the call numbers (it draws no series of its own).
  const calls = useMemo(() => rows.map((row) => ({ call: row.call })), [rows]);
  return (
    <div className="token-chart">
      <div className="token-chart-plot">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 26, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid
              strokeDasharray="3 3"
              stroke="#e5e7eb"
              vertical={false}
              verticalCoordinatesGenerator={NO_LINES}
            />
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
              width={52}
              label={{
                value: 'input tokens',
                angle: -90,
                position: 'insideLeft',
                offset: 4,
                fontSize: 11,
                style: { textAnchor: 'middle' },
              }}
            />
            <Tooltip content={(props) => <ChartTooltip {...props} series={series} />} />
            {stage >= 2 && (
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
            {stage >= 3 && (
              <>
                {scale.trigger?.onScale && (
                  <ReferenceLine
                    y={scale.trigger.tokens}
                    stroke={TRIGGER_COLOR}
                    strokeDasharray="6 4"
                    strokeWidth={1.5}
                    label={{
                      value: `compaction at ${fmt(scale.trigger.tokens)}`,
                      position: 'insideTopRight',
                      fill: TRIGGER_COLOR,
                      stroke: '#ffffff',
                      strokeWidth: 3,
                      paintOrder: 'stroke',
                      fontSize: 11,
                    }}
                  />
                )}
                {scale.window.onScale && (
                  <ReferenceLine
                    y={scale.window.tokens}
                    stroke={WINDOW_COLOR}
                    strokeDasharray="2 3"
                    strokeWidth={1.5}
                    label={{
                      value: `context window ${fmt(scale.window.tokens)}`,
                      position: 'insideTopLeft',
                      fill: WINDOW_COLOR,
                      stroke: '#ffffff',
                      strokeWidth: 3,
                      paintOrder: 'stroke',
                      fontSize: 11,
                    }}
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
                    key={`drop-label-${row.call}`}
                    x={row.call}
                    y={row.drop!.before}
                    r={4}
                    fill="#ffffff"
                    stroke={DROP_COLOR}
                    strokeWidth={2}
                    label={{
                      value: `${compact(row.drop!.before)} → ${compact(row.drop!.after)}`,
                      position: 'left',
                      fill: '#00573f',
                      stroke: '#ffffff',
                      strokeWidth: 3,
                      paintOrder: 'stroke',
                      fontSize: 11,
                      fontWeight: 600,
                      // A caption: a click over it reaches the event's mark beneath.
                      pointerEvents: 'none',
                    }}
                  />
                ))}
                <EventMarkers kinds={kinds} marks={marks} onEvent={onEvent} />
              </>
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      {rows.length > 12 && (
        // The brush in a strip of its own, over every call: the plot above draws the calls it
        // selects (grouped when there are many), so a zoom brings back every call.
        <div className="token-chart-brush">
          {stage >= 4 && (
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
                    cy={cy - 9 - slot * MARKER_STEP}
                    type={style.shape}
                    size={kind === 'summarize' ? 110 : 80}
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
