// The token chart: per model call, stacked estimated input by section, the context window and the
// compaction trigger, the provider-reported input, and a marker for every context event.
// Loaded lazily (recharts is large) so the chat is interactive first.
import {
  Area,
  Brush,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import type { ContextEvent } from '../../core/agent/thread';
import {
  EVENT_LABELS,
  SECTION_COLORS,
  SECTION_LABELS,
  SECTION_KEYS,
  fmt,
  type ChartRow,
} from './chart-data';

export default function TokenChart({
  rows,
  onEvent,
  showWindow,
}: {
  rows: ChartRow[];
  onEvent: (event: ContextEvent) => void;
  showWindow: boolean;
}) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <ComposedChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis dataKey="call" tick={{ fontSize: 11 }} />
        <YAxis tick={{ fontSize: 11 }} tickFormatter={compact} width={44} />
        <Tooltip content={ChartTooltip} />
        <Legend wrapperStyle={{ fontSize: 11 }} />
        {SECTION_KEYS.map((key) => (
          <Area
            key={key}
            type="monotone"
            dataKey={key}
            name={SECTION_LABELS[key]}
            stackId="input"
            stroke={SECTION_COLORS[key]}
            fill={SECTION_COLORS[key]}
            fillOpacity={0.55}
            isAnimationActive={false}
          />
        ))}
        {showWindow && (
          <Line
            dataKey="contextWindow"
            name="Context window"
            stroke="#111827"
            strokeDasharray="6 3"
            dot={false}
            isAnimationActive={false}
          />
        )}
        <Line
          dataKey="trigger"
          name="Compaction trigger"
          stroke="#dc2626"
          strokeDasharray="4 4"
          dot={false}
          isAnimationActive={false}
        />
        <Line
          dataKey="reported"
          name="Reported input"
          stroke="#7c3aed"
          strokeWidth={2}
          dot={{ r: 2 }}
          connectNulls
          isAnimationActive={false}
        />
        <Scatter
          dataKey="marker"
          name="Events"
          fill="#f59e0b"
          shape="diamond"
          isAnimationActive={false}
          onClick={(point: { payload?: ChartRow }) => {
            const first = point.payload?.events[0];
            if (first) onEvent(first);
          }}
          cursor="pointer"
        />
        {rows.length > 12 && <Brush dataKey="call" height={18} travellerWidth={8} />}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

function ChartTooltip({ active, payload }: TooltipContentProps<ValueType, NameType>) {
  if (!active || !payload?.length) return null;
  const row = payload[0]?.payload as ChartRow | undefined;
  if (!row) return null;
  return (
    <div className="chart-tooltip">
      <strong>Call {row.call}</strong>: {fmt(row.total)} estimated
      {row.reported !== undefined && <> · {fmt(row.reported)} reported</>}
      {row.events.map((event) => (
        <div key={event.id} className="chart-tooltip-event">
          ◆ {EVENT_LABELS[event.kind]}
          {event.tokensBefore !== undefined && event.tokensAfter !== undefined && (
            <>
              : {fmt(event.tokensBefore)} → {fmt(event.tokensAfter)} tokens
            </>
          )}
          <div className="muted">{event.detail}</div>
        </div>
      ))}
    </div>
  );
}

function compact(n: number): string {
  // One decimal below ten thousand, so neighbouring ticks (700, 1.4k, 2.1k) never share a label.
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n % 1_000_000 === 0 ? 0 : 1)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${(n / 1000).toFixed(n % 1000 === 0 ? 0 : 1)}k`;
  return String(n);
}
