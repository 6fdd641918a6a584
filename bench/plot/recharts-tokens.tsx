// The token chart drawn the way recharts is used for it: a ComposedChart over every one of the
// 2,000 calls with a stacked step Area per section, the provider-reported input as a Line, the
// compaction trigger and the context window as ReferenceLines, each compaction's drop as a
// ReferenceLine segment and dot, a ReferenceDot per context event (its kind's colour) and a Brush
// to zoom — the same data as the kit page. Animations off, as on the arena page.
import {
  Area,
  Brush,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { compact, eventStyle, fmt } from '../../src/ui/charts/chart-data';
import type { TokenData } from './data-types';
import { benchPage } from './harness';
import './page.css';

// TokenChart's colours (not imported: its module would come into this page's bundle).
const REPORTED_COLOR = '#000000';
const TRIGGER_COLOR = '#D55E00';
const WINDOW_COLOR = '#555555';
const DROP_COLOR = '#009E73';

/** The calls in view, as the Brush last said them (describe() reads it). */
const inView = { start: 0, end: -1 };

function RechartsTokens({ data }: { data: TokenData }) {
  const { rows, series, scale } = data;
  const drops = rows.filter((row) => row.drop);
  const events = rows.flatMap((row) =>
    row.events.map((event) => ({
      event,
      call: row.call,
      y: Math.max(row.total, row.reported ?? 0, row.drop?.before ?? 0),
    })),
  );
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={rows} margin={{ top: 18, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="call" />
        <YAxis domain={[0, scale.max]} ticks={scale.ticks} tickFormatter={compact} width={60} />
        <Tooltip formatter={(value) => fmt(Number(value))} isAnimationActive={false} />
        {series.map((s) => (
          <Area
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId="sections"
            type="stepAfter"
            fill={s.color}
            fillOpacity={0.85}
            stroke="none"
            isAnimationActive={false}
          />
        ))}
        <Line
          dataKey="reported"
          name="Reported input"
          stroke={REPORTED_COLOR}
          dot={false}
          isAnimationActive={false}
        />
        {scale.trigger?.onScale && (
          <ReferenceLine y={scale.trigger.tokens} stroke={TRIGGER_COLOR} strokeDasharray="6 4" />
        )}
        {scale.window.onScale && (
          <ReferenceLine y={scale.window.tokens} stroke={WINDOW_COLOR} strokeDasharray="2 3" />
        )}
        {drops.map((row) => (
          <ReferenceLine
            key={`drop-${row.call}`}
            segment={[
              { x: row.call, y: row.drop!.before },
              { x: row.call, y: row.drop!.after },
            ]}
            stroke={DROP_COLOR}
          />
        ))}
        {drops.map((row) => (
          <ReferenceDot
            key={`drop-dot-${row.call}`}
            x={row.call}
            y={row.drop!.after}
            r={4}
            fill={DROP_COLOR}
          />
        ))}
        {events.map(({ event, call, y }) => (
          <ReferenceDot
            key={event.id}
            x={call}
            y={y}
            r={5}
            fill={eventStyle(event.kind).color}
            stroke="#ffffff"
          />
        ))}
        <Brush
          dataKey="call"
          height={22}
          onChange={(range) => {
            inView.start = range.startIndex ?? 0;
            inView.end = range.endIndex ?? rows.length - 1;
          }}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

void benchPage<TokenData>(
  'tokens.json',
  (data) => {
    inView.end = data.rows.length - 1;
    return (
      <div className="bench-token-box">
        <RechartsTokens data={data} />
      </div>
    );
  },
  {
    target: '.recharts-brush-traveller',
    track: '.recharts-brush > rect',
    handle: 'edge',
    describe: () => `calls ${inView.start + 1}–${inView.end + 1} in view`,
  },
);
