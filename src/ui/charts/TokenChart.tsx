// The token chart: per model call, stacked estimated input by section (named strategy sections
// included), the provider-reported input, the compaction trigger and the context window as labelled
// marks, the drop of each compaction (before → after), and a marker per context event, with its own
// colour and shape, drawn above everything else. Loaded lazily (recharts is large).
import {
  Bar,
  Brush,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Symbols,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import type { ContextEvent } from '../../core/thread/thread';
import {
  breakdownOf,
  compact,
  eventStyle,
  fmt,
  type ChartRow,
  type Scale,
  type Series,
} from './chart-data';
import { MarkerIcon } from './MarkerIcon';

export const REPORTED_COLOR = '#000000';
export const TRIGGER_COLOR = '#D55E00';
export const WINDOW_COLOR = '#555555';
export const DROP_COLOR = '#009E73';

/** Pixels between markers of different kinds at the same call. */
const MARKER_STEP = 13;

/** Row key of an event kind's marker position ("mark:offload"). */
const markKey = (kind: string) => `mark:${kind}`;

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

export default function TokenChart({
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
  const { rows: data, kinds } = withMarkers(rows);
  const drops = rows.filter((row) => row.drop);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 26, right: 16, bottom: 4, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" vertical={false} />
        {/* The ticks are call numbers (the headline and the tooltip say "Call n"): no axis title,
            so that the plot keeps the height in a short panel. */}
        <XAxis dataKey="call" tick={{ fontSize: 11 }} height={20} />
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
        {series.map((s) => (
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
        ))}
        <Line
          dataKey="reported"
          name="Reported input"
          stroke={REPORTED_COLOR}
          strokeWidth={2}
          dot={{ r: 2.5, fill: REPORTED_COLOR }}
          connectNulls
          isAnimationActive={false}
        />
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
            }}
          />
        ))}
        {kinds.map((kind) => {
          const style = eventStyle(kind);
          return (
            <Scatter
              key={kind}
              dataKey={markKey(kind)}
              name={style.label}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(point: { payload?: ChartRow }) => {
                const first = point.payload?.events.find((event) => event.kind === kind);
                if (first) onEvent(first);
              }}
              shape={(props: { cx?: number; cy?: number; payload?: ChartRow }) => {
                const row = props.payload;
                if (!row || row[markKey(kind)] === undefined || props.cy === undefined)
                  return <g />;
                const slot =
                  typeof row[`slot:${kind}`] === 'number' ? (row[`slot:${kind}`] as number) : 0;
                return (
                  <Symbols
                    cx={props.cx ?? 0}
                    cy={props.cy - 9 - slot * MARKER_STEP}
                    type={style.shape}
                    size={kind === 'summarize' ? 110 : 80}
                    fill={style.color}
                    stroke="#ffffff"
                    strokeWidth={1}
                  />
                );
              }}
            />
          );
        })}
        {rows.length > 12 && (
          <Brush dataKey="call" height={18} travellerWidth={8} stroke="#6b7280" />
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

function ChartTooltip({
  active,
  payload,
  series,
}: TooltipContentProps<ValueType, NameType> & { series: Series[] }) {
  if (!active || !payload?.length) return null;
  const row = payload[0]?.payload as ChartRow | undefined;
  if (!row) return null;
  return (
    <div className="chart-tooltip">
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
      {row.events.map((event) => {
        const style = eventStyle(event.kind);
        return (
          <div key={event.id} className="chart-tooltip-event">
            <MarkerIcon shape={style.shape} color={style.color} /> {style.label}
            {event.tokensBefore !== undefined && event.tokensAfter !== undefined && (
              <>
                : {fmt(event.tokensBefore)} → {fmt(event.tokensAfter)} tokens
              </>
            )}
            <div className="muted">{event.detail}</div>
          </div>
        );
      })}
    </div>
  );
}
