// The token chart: per model call, stacked estimated input by section (named strategy sections
// included), the provider-reported input, the compaction trigger and the context window as labelled
// marks, the drop of each compaction (before → after), and a marker per context event, with its own
// colour and shape, drawn above everything else. On the plot kit (src/ui/plot: d3's scales, ticks,
// stack and paths under our own SVG), drawn in memoized layers (layers/: sections, axes, drops,
// markers, labels, tooltip; the brush in CallBrush): a change (a new call, a brush step, the pointer
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
import type { ContextEvent } from '../../core/thread/thread';
import { downsample, offScaleNotes, type ChartRow, type Scale, type Series } from './chart-data';
import { CallBrush } from './CallBrush';
import type { CallRange } from './brush';
import { BAR_CALLS, MAX_POINTS, REPORTED_COLOR, frameOf, type Frame } from './token-frame';
import { TokenAxes, TokenGrid } from './layers/Axes';
import { Drops, Limits } from './layers/Drops';
import { ChartLabels } from './layers/Labels';
import { EventMarkers, marksOf, withMarkers } from './layers/Markers';
import { Cursor, Reported, Sections } from './layers/Sections';
import { FloatingTooltip, placeFloating } from './layers/Tooltip';
import { ChartSvg } from '../plot/Axes';
import { useElementSize } from '../plot/element-size';
import { rowForKey } from '../plot/keys';
import { slotAt } from '../plot/scale';

export {
  BAR_CALLS,
  DROP_COLOR,
  MAX_POINTS,
  REPORTED_COLOR,
  TRIGGER_COLOR,
  WINDOW_COLOR,
} from './token-frame';
export { withMarkers } from './layers/Markers';

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
  // Each kind's markers: only the points that have one.
  const marks = useMemo(() => marksOf(data, kinds), [data, kinds]);
  // The notes over the chart's top edge (drawn by the readout): the labels keep clear of them.
  const notes = useMemo(() => offScaleNotes(scale, rows.at(-1)?.total ?? 0), [scale, rows]);

  const [setPlotElement, size] = useElementSize<HTMLDivElement>();
  const frame = useMemo<Frame | undefined>(
    () =>
      size && size.width > 0 && size.height > 0 ? frameOf(size, data.length, scale.max) : undefined,
    [size, data.length, scale.max],
  );

  // The call under the pointer (or chosen with the arrow keys): its tooltip and cursor. Only these
  // are drawn again as it moves; the layers below are memoized on the data and the frame.
  const [active, setActive] = useState<number>();
  const pointer = useRef({ x: 0, y: 0 });
  const tip = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  // The tooltip is in the page's top layer, placed within the window (layers/Tooltip.tsx).
  const place = useCallback(() => {
    const box = tip.current;
    const plot = svg.current?.getBoundingClientRect();
    if (!box || !plot) return;
    placeFloating(box, { x: plot.left + pointer.current.x, y: plot.top + pointer.current.y });
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
    if ((e.key === 'Enter' || e.key === ' ') && row?.events[0]) {
      e.preventDefault();
      onEvent(row.events[0]);
      return;
    }
    const next = rowForKey(e.key, active ?? null, data.length);
    if (next === undefined) return;
    if (next === null) {
      setActive(undefined);
      return;
    }
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
          <ChartSvg
            svgRef={svg}
            className="token-plot"
            size={frame}
            name={`Input tokens by call: calls ${first.bucket?.first ?? first.call} to ${lastPoint.bucket?.last ?? lastPoint.call}${first.bucket ? ', grouped' : ''}`}
            describedBy={row ? tipId : undefined}
            onPointerMove={onPointerMove}
            onKeyDown={onKeyDown}
            onLeave={() => setActive(undefined)}
          >
            <defs>
              <clipPath id={clip}>
                {/* The plot's height, the chart's whole width: values over the top are cut there. */}
                <rect x={0} y={frame.plot.y} width={frame.width} height={frame.plot.height} />
              </clipPath>
            </defs>
            <TokenGrid frame={frame} ticks={scale.ticks} />
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
            <TokenAxes frame={frame} data={data} ticks={scale.ticks} bars={bars} />
            <Limits frame={frame} scale={scale} />
            <Drops frame={frame} data={data} />
            <EventMarkers frame={frame} data={data} kinds={kinds} marks={marks} onEvent={onEvent} />
            <ChartLabels frame={frame} data={data} scale={scale} bars={bars} notes={notes} />
          </ChartSvg>
        )}
        {row && <FloatingTooltip ref={tip} id={tipId} row={row} series={series} />}
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

/** Drawn again only when its rows, series or scale change (they are memoized by the readout). */
export default memo(TokenChart);
