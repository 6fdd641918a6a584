// The token chart: per model call, stacked estimated input by section (named strategy sections
// included), the provider-reported input, the compaction trigger and the context window as labelled
// marks, the drop of each compaction (before → after), and a marker per context event, with its own
// colour and shape, drawn above everything else. One SVG of our own, placed with plain functions
// (plot-scale.ts) and drawn in memoized layers: a change (a new call, a brush step, the pointer
// over another call) draws again only the layers it changes. It was a recharts chart, whose store
// ran every series' selectors again and measured its axes' text on each change (long tasks of up
// to 230 ms on a thread of 2,000 calls).
import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { createPortal } from 'react-dom';
import type { ContextEvent } from '../../core/thread/thread';
import { useElementSize } from './element-size';
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
import { CallBrush } from './CallBrush';
import type { Box } from './label-layout';
import { LABEL_LINE, LABEL_SIZE, textWidth } from './measure-text';
import { MARKER_PATHS, MarkerIcon } from './MarkerIcon';
import {
  PLOT_MARGIN,
  TICK_GAP,
  TICK_SIZE,
  Y_AXIS_WIDTH,
  bandOf,
  barWidth,
  barsPath,
  linePath,
  linearY,
  plotArea,
  slotAt,
  stepAreaPath,
  tooltipPosition,
  callTicks,
  yTickLabels,
  type CallRange,
} from './plot-scale';

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
/** The axes: their lines and tick labels, and the y-axis's title. */
const AXIS_COLOR = '#666666';
const TITLE_COLOR = '#808080';
const GRID_COLOR = '#e5e7eb';
/** The axes' text size. */
const TICK_FONT = 11;

/** Pixels between markers of different kinds at the same call. */
const MARKER_STEP = 13;
/** Pixels from a point's top to the centre of its first marker. */
const MARKER_LIFT = 9;
/** A marker's scale over its 12-pixel legend icon (a summarization's is larger), and half its drawn extent. */
const markerScale = (kind: string) => (kind === 'summarize' ? 1.35 : 1.15);
const markerHalf = (kind: string) => (kind === 'summarize' ? 7 : 6);
/** Radius of a compaction drop's dot. */
const DROP_RADIUS = 4;
/** Left of the off-scale notes' strip and right of the plot (see tokens.css .chart-offscale). */
const NOTES_RIGHT = PLOT_MARGIN.right;
/** Gap between two off-scale notes (tokens.css). */
const NOTES_GAP = 12;
/** The y-axis's title. */
const Y_TITLE = 'input tokens';

/** Row key of an event kind's marker position ("mark:offload"). */
const markKey = (kind: string) => `mark:${kind}`;

/**
 * Up to this many calls in view, each call is a stacked bar. Above it, the sections are drawn as
 * stacked steps (one path per section: a bar would be under a few pixels wide), and past
 * MAX_POINTS neighbouring calls are grouped into one point (see downsample). Every event keeps its
 * marker, the tooltip gives exact figures and says which calls a point stands for, and zooming in
 * with the brush below the chart brings back one bar per call.
 */
export const BAR_CALLS = 120;
/** At most this many points are drawn. */
export const MAX_POINTS = 200;

/** About this many call numbers on the axis of a dense chart. */
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

/** The chart's pixels: its size, the plot area, the calls' slots and the y scale. */
interface Frame {
  width: number;
  height: number;
  plot: Box;
  /** Width of one call's slot, and the centre of each point's slot. */
  slot: number;
  xs: number[];
  /** Tokens to pixels (values over the top land above the plot, which is clipped). */
  y: (tokens: number) => number;
  /** The y-axis top, in tokens. */
  max: number;
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
  const [range, setRange] = useState<CallRange>(null);
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
    const byKind = new Map<string, number[]>(kinds.map((kind) => [kind, []]));
    data.forEach((row, i) => {
      for (const kind of kinds) if (row[markKey(kind)] !== undefined) byKind.get(kind)!.push(i);
    });
    return byKind;
  }, [data, kinds]);
  // The notes over the chart's top edge (drawn by the readout): the labels keep clear of them.
  const notes = useMemo(() => offScaleNotes(scale, rows.at(-1)?.total ?? 0), [scale, rows]);

  const [setPlotElement, size] = useElementSize<HTMLDivElement>();
  const frame = useMemo<Frame | undefined>(() => {
    if (!size || size.width <= 0 || size.height <= 0) return undefined;
    const plot = plotArea(size.width, size.height);
    const { slot, centres } = bandOf(data.length, plot);
    return { ...size, plot, slot, xs: centres, y: linearY(scale.max, plot), max: scale.max };
  }, [size, data.length, scale.max]);

  // The call under the pointer (or chosen with the arrow keys): its tooltip and cursor. Only these
  // are drawn again as it moves; the layers below are memoized on the data and the frame.
  const [active, setActive] = useState<number>();
  const pointer = useRef({ x: 0, y: 0 });
  const tip = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  // The tooltip is in the page's top layer (a portal, fixed), placed within the window: in the
  // token panel it was clipped by the panel's edge, and in a short panel the plot is shorter than
  // the tooltip.
  const place = useCallback(() => {
    const box = tip.current;
    const plot = svg.current?.getBoundingClientRect();
    if (!box || !plot) return;
    const at = tooltipPosition(
      { x: plot.left + pointer.current.x, y: plot.top + pointer.current.y },
      { width: box.offsetWidth, height: box.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
    );
    box.style.transform = `translate(${Math.round(at.x)}px, ${Math.round(at.y)}px)`;
  }, []);
  useLayoutEffect(place, [place, active, data]);
  const row = active !== undefined ? data[active] : undefined;

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!frame) return;
    const box = e.currentTarget.getBoundingClientRect();
    pointer.current = { x: e.clientX - box.left, y: e.clientY - box.top };
    const index = slotAt(pointer.current.x, pointer.current.y, frame.plot, data.length);
    if (index !== active) setActive(index);
    else place();
  };
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    if (!frame || data.length === 0) return;
    const count = data.length;
    let next: number | undefined;
    if (e.key === 'ArrowLeft') next = Math.max(0, (active ?? count) - 1);
    else if (e.key === 'ArrowRight') next = Math.min(count - 1, (active ?? -1) + 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = count - 1;
    else if (e.key === 'Escape') {
      setActive(undefined);
      return;
    } else if ((e.key === 'Enter' || e.key === ' ') && row?.events[0]) {
      e.preventDefault();
      onEvent(row.events[0]);
      return;
    } else return;
    e.preventDefault();
    const at = data[next]!;
    pointer.current = { x: frame.xs[next]!, y: frame.y(Math.min(at.total, frame.max)) };
    setActive(next);
  };

  const clip = `token-plot-clip-${useId().replace(/[^\w-]/g, '')}`;
  const tipId = `${clip}-tip`;
  const first = data[0];
  const lastPoint = data.at(-1);
  return (
    <div className="token-chart">
      <div className="token-chart-plot" ref={setPlotElement}>
        {frame && first && lastPoint && (
          <svg
            ref={svg}
            className="token-plot"
            role="img"
            aria-label={`Input tokens by call: calls ${first.bucket?.first ?? first.call} to ${lastPoint.bucket?.last ?? lastPoint.call}${first.bucket ? ', grouped' : ''}`}
            aria-describedby={row ? tipId : undefined}
            width={frame.width}
            height={frame.height}
            viewBox={`0 0 ${frame.width} ${frame.height}`}
            tabIndex={0}
            onPointerMove={onPointerMove}
            onPointerLeave={() => setActive(undefined)}
            onKeyDown={onKeyDown}
            onBlur={() => setActive(undefined)}
          >
            <defs>
              <clipPath id={clip}>
                {/* The plot's height, the chart's whole width: values over the top are cut there. */}
                <rect x={0} y={frame.plot.y} width={frame.width} height={frame.plot.height} />
              </clipPath>
            </defs>
            <Grid frame={frame} ticks={scale.ticks} />
            {active !== undefined && bars && <Cursor frame={frame} index={active} bars />}
            <Sections frame={frame} data={data} series={series} bars={bars} clip={clip} />
            {active !== undefined && !bars && <Cursor frame={frame} index={active} bars={false} />}
            <Reported frame={frame} data={data} bars={bars} clip={clip} />
            {row?.reported !== undefined && (
              <circle
                cx={frame.xs[active!]}
                cy={frame.y(Math.min(row.reported, frame.max))}
                r={4}
                fill={REPORTED_COLOR}
                stroke="#ffffff"
                strokeWidth={2}
                pointerEvents="none"
              />
            )}
            <Axes frame={frame} data={data} ticks={scale.ticks} bars={bars} />
            <Limits frame={frame} scale={scale} />
            <Drops frame={frame} data={data} drops={drops} />
            <EventMarkers frame={frame} data={data} kinds={kinds} marks={marks} onEvent={onEvent} />
            <ChartLabels frame={frame} data={data} scale={scale} bars={bars} notes={notes} />
          </svg>
        )}
        {row &&
          createPortal(
            <div
              ref={tip}
              id={tipId}
              role="tooltip"
              className="chart-tooltip chart-tooltip-floating"
            >
              <TooltipContent row={row} series={series} />
            </div>,
            document.body,
          )}
      </div>
      {rows.length > 12 && (
        // The brush in a strip of its own, over every call: the plot above draws the calls it
        // selects (grouped when there are many), so a zoom brings back every call.
        <div className="token-chart-brush">
          <CallBrush
            count={rows.length}
            callOf={(index) => rows[index]?.call ?? index + 1}
            start={start}
            end={end}
            onChange={setRange}
          />
        </div>
      )}
    </div>
  );
}

/** The dashed horizontal grid at the y-axis's ticks. */
const Grid = memo(function Grid({ frame, ticks }: { frame: Frame; ticks: number[] }) {
  const { plot, y } = frame;
  return (
    <g className="chart-grid">
      {ticks.map((tick) => (
        <line
          key={tick}
          x1={plot.x}
          x2={plot.x + plot.width}
          y1={y(tick)}
          y2={y(tick)}
          stroke={GRID_COLOR}
          strokeDasharray="3 3"
        />
      ))}
    </g>
  );
});

/** The slot under the pointer: a light band behind a call's bar, a line on a dense chart. */
function Cursor({ frame, index, bars }: { frame: Frame; index: number; bars: boolean }) {
  const { plot, xs, slot } = frame;
  const x = xs[index];
  if (x === undefined) return null;
  return bars ? (
    <rect
      className="chart-cursor"
      x={x - slot / 2}
      y={plot.y}
      width={slot}
      height={plot.height}
      fill="#000000"
      fillOpacity={0.06}
      pointerEvents="none"
    />
  ) : (
    <line
      className="chart-cursor"
      x1={x}
      x2={x}
      y1={plot.y}
      y2={plot.y + plot.height}
      stroke="#374151"
      strokeOpacity={0.5}
      pointerEvents="none"
    />
  );
}

/**
 * The sections, stacked: a bar per call and section (one path per section) when the calls in view
 * are few, else one stepped area per section across each point's whole slot. Clipped at the top of
 * the scale.
 */
const Sections = memo(function Sections({
  frame,
  data,
  series,
  bars,
  clip,
}: {
  frame: Frame;
  data: ChartRow[];
  series: Series[];
  bars: boolean;
  clip: string;
}) {
  const paths = useMemo(() => {
    const { xs, slot, y, max } = frame;
    const yOf = (tokens: number) => y(Math.min(tokens, max));
    const below = data.map(() => 0);
    const half = barWidth(slot) / 2;
    return series.map((s) => {
      const tops: number[] = [];
      const bases: number[] = [];
      const rects: Box[] = [];
      data.forEach((row, i) => {
        const value = row[s.key];
        const from = below[i]!;
        const to = from + (typeof value === 'number' && value > 0 ? value : 0);
        below[i] = to;
        const top = yOf(to);
        const base = yOf(from);
        tops.push(top);
        bases.push(base);
        if (bars) rects.push({ x: xs[i]! - half, y: top, width: 2 * half, height: base - top });
      });
      return { series: s, d: bars ? barsPath(rects) : stepAreaPath(xs, slot, tops, bases) };
    });
  }, [frame, data, series, bars]);
  return (
    <g className={bars ? 'chart-bars' : 'chart-steps'} clipPath={`url(#${clip})`}>
      {paths.map(({ series: s, d }) =>
        d ? (
          <path
            key={s.key}
            d={d}
            fill={s.color}
            {...(bars ? { stroke: '#ffffff', strokeWidth: 0.5 } : {})}
          />
        ) : null,
      )}
    </g>
  );
});

/** The provider-reported input: a line across the calls that have it, with dots when bars. */
const Reported = memo(function Reported({
  frame,
  data,
  bars,
  clip,
}: {
  frame: Frame;
  data: ChartRow[];
  bars: boolean;
  clip: string;
}) {
  const points = useMemo(() => {
    const out: { x: number; y: number }[] = [];
    data.forEach((row, i) => {
      if (row.reported !== undefined) out.push({ x: frame.xs[i]!, y: frame.y(row.reported) });
    });
    return out;
  }, [frame, data]);
  if (points.length === 0) return null;
  return (
    <g className="chart-reported" clipPath={`url(#${clip})`}>
      <path
        d={linePath(points)}
        fill="none"
        stroke={REPORTED_COLOR}
        strokeWidth={bars ? 2 : 1.5}
        strokeLinejoin="round"
      />
      {bars &&
        points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={2.5} fill={REPORTED_COLOR} stroke={REPORTED_COLOR} />
        ))}
    </g>
  );
});

/**
 * The axes: the y-axis's ticks (compact token counts) and rotated title, and the x-axis's call
 * numbers (a grouped point by its first call), as many as fit without touching.
 */
const Axes = memo(function Axes({
  frame,
  data,
  ticks,
  bars,
}: {
  frame: Frame;
  data: ChartRow[];
  ticks: number[];
  bars: boolean;
}) {
  const { plot, xs, y } = frame;
  const bottom = plot.y + plot.height;
  const shown = useMemo(() => {
    const points = data.map((row) => ({
      first: row.bucket?.first ?? row.call,
      last: row.bucket?.last ?? row.call,
    }));
    const calls = (points.at(-1)?.last ?? 0) - (points[0]?.first ?? 0) + 1;
    return callTicks(points, xs, (text) => textWidth(text, TICK_FONT), {
      minCalls: bars ? 1 : calls / DENSE_TICKS,
    });
  }, [data, xs, bars]);
  const yLabels = useMemo(() => new Set(yTickLabels(ticks, y)), [ticks, y]);
  const titleX = PLOT_MARGIN.left + 4;
  const middle = plot.y + plot.height / 2;
  return (
    <g className="chart-axes" fontSize={TICK_FONT} pointerEvents="none">
      <g className="chart-y-axis">
        <line x1={plot.x} x2={plot.x} y1={plot.y} y2={bottom} stroke={AXIS_COLOR} />
        {ticks.map((tick) => (
          <g key={tick} className="chart-tick">
            <line
              x1={plot.x - TICK_SIZE}
              x2={plot.x}
              y1={y(tick)}
              y2={y(tick)}
              stroke={AXIS_COLOR}
            />
            {yLabels.has(tick) && (
              <text
                x={plot.x - TICK_SIZE - TICK_GAP}
                y={y(tick)}
                dy="0.355em"
                textAnchor="end"
                fill={AXIS_COLOR}
              >
                {compact(tick)}
              </text>
            )}
          </g>
        ))}
        <text
          className="chart-y-title"
          x={titleX}
          y={middle}
          dy="0.355em"
          textAnchor="middle"
          fill={TITLE_COLOR}
          transform={`rotate(-90, ${titleX}, ${middle})`}
        >
          {Y_TITLE}
        </text>
      </g>
      <g className="chart-x-axis">
        <line x1={plot.x} x2={plot.x + plot.width} y1={bottom} y2={bottom} stroke={AXIS_COLOR} />
        {shown.map(({ index, call }) => (
          <g key={call} className="chart-tick">
            <line
              x1={xs[index]}
              x2={xs[index]}
              y1={bottom}
              y2={bottom + TICK_SIZE}
              stroke={AXIS_COLOR}
            />
            <text
              x={xs[index]}
              y={bottom + TICK_SIZE + TICK_GAP}
              dy="0.71em"
              textAnchor="middle"
              fill={AXIS_COLOR}
            >
              {call}
            </text>
          </g>
        ))}
      </g>
    </g>
  );
});

/** The compaction trigger and the context window, when on the scale: dashed lines across the plot. */
const Limits = memo(function Limits({ frame, scale }: { frame: Frame; scale: Scale }) {
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
const Drops = memo(function Drops({
  frame,
  data,
  drops,
}: {
  frame: Frame;
  data: ChartRow[];
  drops: ChartRow[];
}) {
  const index = useMemo(() => new Map(data.map((row, i) => [row, i])), [data]);
  return (
    <g className="chart-drops" pointerEvents="none">
      {drops.map((row) => {
        const x = frame.xs[index.get(row) ?? -1];
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

/**
 * A marker per event kind at each call in view that has one, stacked above the call's bar (each
 * kind its own colour and shape, as in the legend), drawn over everything else; a click opens what
 * the event produced.
 */
const EventMarkers = memo(function EventMarkers({
  frame,
  data,
  kinds,
  marks,
  onEvent,
}: {
  frame: Frame;
  data: ChartRow[];
  kinds: string[];
  marks: Map<string, number[]>;
  onEvent: (event: ContextEvent) => void;
}) {
  const { xs, y } = frame;
  return (
    <g className="chart-markers">
      {kinds.map((kind) => {
        const style = eventStyle(kind);
        const size = markerScale(kind);
        return (
          <g key={kind} className="chart-marker-kind" data-kind={kind}>
            {(marks.get(kind) ?? []).map((i) => {
              const row = data[i]!;
              const cx = xs[i]!;
              const slot =
                typeof row[`slot:${kind}`] === 'number' ? (row[`slot:${kind}`] as number) : 0;
              const cy = y(row[markKey(kind)] as number) - MARKER_LIFT - slot * MARKER_STEP;
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
                  <path
                    d={MARKER_PATHS[style.shape]}
                    transform={`translate(${cx.toFixed(2)} ${cy.toFixed(2)}) scale(${size}) translate(-6 -6)`}
                    fill={style.color}
                    stroke="#ffffff"
                    strokeWidth={1}
                    vectorEffect="non-scaling-stroke"
                  />
                </g>
              );
            })}
          </g>
        );
      })}
    </g>
  );
});

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
const ChartLabels = memo(function ChartLabels({
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
    for (const tick of yTickLabels(scale.ticks, at))
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

/** Drawn again only when its rows, series or scale change (they are memoized by the readout). */
export default memo(TokenChart);

/** The tooltip's content: the call's sections, the reported input, speed and events. */
function TooltipContent({ row, series }: { row: ChartRow; series: Series[] }) {
  const group = row.bucket;
  return (
    <>
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
    </>
  );
}

/** Events listed in one tooltip (a grouped point may hold many). */
const TOOLTIP_EVENTS = 6;
