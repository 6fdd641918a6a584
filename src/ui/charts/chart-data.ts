// The token chart's data, pure: rows per model call (fixed sections and any named strategy
// sections), the y-axis scale, the marks for the compaction trigger and the context window (on or
// off the scale), event markers with a colour and shape per kind, and the context meter.
// Colours: Okabe–Ito (distinct for the common colour-vision deficiencies), then Paul Tol's muted
// scheme for named strategy sections.

import type { ContextEvent, ContextEventKind, ModelCallRecord } from '../../core/thread/thread';
import { SECTION_KEYS, strategyKey, type ChartRow, type SectionKey } from '../../state/token-chart';
import { zeroAxis } from '../plot/scale';

// The rows are built in the state layer (they read the in-browser model's speed from the core).
export {
  buildRows,
  DROP_KINDS,
  SECTION_KEYS,
  strategyKey,
  type Bucket,
  type ChartRow,
  type SectionKey,
} from '../../state/token-chart';

export const SECTION_LABELS: Record<SectionKey, string> = {
  system: 'System prompt',
  memory: 'AGENTS.md memory',
  facts: 'Facts',
  summary: 'Summary',
  messages: 'Messages',
  toolResults: 'Tool results',
  tools: 'Tool schemas',
};

/** Okabe–Ito, one hue per section; grey for the fixed system prompt. */
export const SECTION_COLORS: Record<SectionKey, string> = {
  system: '#BBBBBB',
  memory: '#E69F00',
  facts: '#CC79A7',
  summary: '#009E73',
  messages: '#56B4E9',
  toolResults: '#D55E00',
  tools: '#0072B2',
};

/** Paul Tol's muted scheme: strategy sections, in this order for the names the app knows. */
const STRATEGY_PALETTE = [
  '#332288',
  '#88CCEE',
  '#44AA99',
  '#117733',
  '#999933',
  '#DDCC77',
  '#882255',
  '#AA4499',
  '#6699CC',
  '#661100',
];
const KNOWN_STRATEGY_SECTIONS = [
  'Window',
  'Running summary',
  'Retrieved',
  'Memory tokens',
  'Long-term',
  'Graph facts',
  'Compressed facts',
  'Paged in',
];

export function strategyColor(name: string): string {
  const known = KNOWN_STRATEGY_SECTIONS.indexOf(name);
  if (known >= 0) return STRATEGY_PALETTE[known % STRATEGY_PALETTE.length]!;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return STRATEGY_PALETTE[h % STRATEGY_PALETTE.length]!;
}

/** One stacked series: a fixed section or a named strategy section. */
export interface Series {
  key: string;
  label: string;
  color: string;
}

/** Series present in the rows, fixed sections first, then strategy sections by first appearance. */
export function seriesOf(calls: readonly ModelCallRecord[]): Series[] {
  const fixed = SECTION_KEYS.map((key) => ({
    key,
    label: SECTION_LABELS[key],
    color: SECTION_COLORS[key],
  }));
  const names: string[] = [];
  for (const call of calls)
    for (const name of Object.keys(call.estimate.strategy ?? {}))
      if (!names.includes(name)) names.push(name);
  return [
    ...fixed,
    ...names.map((name) => ({ key: strategyKey(name), label: name, color: strategyColor(name) })),
  ];
}

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'cross' | 'star' | 'wye';

export interface EventStyle {
  label: string;
  color: string;
  shape: MarkerShape;
}

/** An event kind's look, in one line. */
const style = (label: string, color: string, shape: MarkerShape): EventStyle => ({
  label,
  color,
  shape,
});

const EVENT_STYLES: Partial<Record<ContextEventKind, EventStyle>> = {
  offload: style('Large tool result offloaded', '#0072B2', 'square'),
  truncate: style('Old tool inputs truncated', '#E69F00', 'triangle'),
  summarize: style('Conversation summarized', '#009E73', 'diamond'),
  'summarize-failed': style('Summarization failed (nothing dropped)', '#D55E00', 'cross'),
  'memory-loaded': style('AGENTS.md memory loaded', '#56B4E9', 'circle'),
  'memory-refreshed': style('AGENTS.md memory refreshed', '#332288', 'wye'),
  'memory-edited': style('Memory edited', '#CC79A7', 'star'),
  'facts-updated': style('Facts updated', '#882255', 'star'),
  'strategy-changed': style('Context strategy changed', '#117733', 'wye'),
  'strategy-step': style('Strategy step (extra model call)', '#44AA99', 'circle'),
  'strategy-step-failed': style('Strategy step failed (memory unchanged)', '#661100', 'cross'),
  'strategy-evicted': style('Strategy store evicted old entries', '#999933', 'square'),
  'strategy-note': style('Strategy note', '#6699CC', 'triangle'),
  'strategy-dropped': style('Strategy left turns out', '#AA4499', 'diamond'),
};

/** Colour, shape and label of an event kind; kinds added later get a readable default. */
export function eventStyle(kind: string): EventStyle {
  const known = EVENT_STYLES[kind as ContextEventKind];
  if (known) return known;
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return {
    label: words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : 'Event',
    color: '#555555',
    shape: 'circle',
  };
}

export const eventLabel = (kind: string) => eventStyle(kind).label;

/** Labels of the kinds known today, by kind (use eventLabel for a default on unknown kinds). */
export const EVENT_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(EVENT_STYLES).map(([kind, style]) => [kind, style.label]),
);

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Short tick labels: one decimal below ten thousand so neighbouring ticks never share a label. */
export function compact(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n % 1_000_000 === 0 ? 0 : 1)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${(n / 1000).toFixed(n % 1000 === 0 ? 0 : 1)}k`;
  return String(Math.round(n));
}

/**
 * The points drawn for the calls at indexes `start` to `end`: every call when at most `max` of
 * them; else consecutive calls grouped into at most `max` points, each drawn as the group's
 * largest call (its exact figures: peaks are never flattened), carrying every event of the group
 * (so every event keeps its marker) and the group's largest compaction drop.
 */
export function downsample(
  rows: readonly ChartRow[],
  start: number,
  end: number,
  max: number,
): ChartRow[] {
  const count = end - start + 1;
  if (count <= max) return rows.slice(start, end + 1);
  const size = Math.ceil(count / max);
  const points: ChartRow[] = [];
  for (let from = start; from <= end; from += size) {
    const to = Math.min(end, from + size - 1);
    let top = rows[from]!;
    const events: ContextEvent[] = [];
    const eventCalls: number[] = [];
    let drop: ChartRow['drop'];
    for (let i = from; i <= to; i++) {
      const row = rows[i]!;
      if (row.total >= top.total) top = row;
      for (const event of row.events) {
        events.push(event);
        eventCalls.push(row.call);
      }
      if (row.drop && (!drop || row.drop.before - row.drop.after > drop.before - drop.after))
        drop = row.drop;
    }
    const { drop: _own, ...point } = top;
    points.push({
      ...point,
      events,
      ...(drop ? { drop } : {}),
      bucket: { first: rows[from]!.call, last: rows[to]!.call, eventCalls },
    });
  }
  return points;
}

/** Section values of one row, for the tooltip: only the non-zero ones, in series order. */
export function breakdownOf(row: ChartRow, series: readonly Series[]) {
  return series
    .map((s) => ({ ...s, tokens: typeof row[s.key] === 'number' ? (row[s.key] as number) : 0 }))
    .filter((s) => s.tokens > 0);
}

/** About this many intervals on the y-axis (d3's nice ticks: 3 to 7 of them). */
export const Y_TICK_INTERVALS = 4;

export interface Scale {
  /** The y-axis top. */
  max: number;
  /** Tick values, 0 to max. */
  ticks: number[];
  /** The compaction trigger of the latest call, and whether it is on the scale. */
  trigger?: { tokens: number; onScale: boolean };
  window: { tokens: number; onScale: boolean };
}

/**
 * The y-axis follows the data (estimates, reported input and compaction "before" figures, with
 * headroom); the full scale also takes in the trigger and the window.
 */
export function scaleOf(rows: readonly ChartRow[], full: boolean): Scale {
  let top = 0;
  for (const row of rows) {
    top = Math.max(top, row.total, row.reported ?? 0, row.drop?.before ?? 0);
  }
  const last = rows.at(-1);
  const triggerTokens = last?.trigger;
  const windowTokens = last?.contextWindow ?? 0;
  if (full) top = Math.max(top, triggerTokens ?? 0, windowTokens);
  // Headroom over the data (not over the limits of the full scale); 100 tokens for an empty chart.
  const axis = zeroAxis(top > 0 ? (full ? top : top * 1.15) : 100, Y_TICK_INTERVALS);
  const max = axis.top;
  return {
    max,
    ticks: axis.ticks,
    ...(triggerTokens !== undefined
      ? { trigger: { tokens: triggerTokens, onScale: triggerTokens <= max } }
      : {}),
    window: { tokens: windowTokens, onScale: windowTokens <= max },
  };
}

/** "compaction at 108,800 · 94% away" for a trigger above the scale. */
export function offScaleLabel(what: string, tokens: number, current: number): string {
  const away = tokens > 0 ? Math.max(0, (tokens - current) / tokens) : 0;
  return `${what} at ${fmt(tokens)} · ${Math.round(away * 100)}% away`;
}

/** The trigger and the window when the scale does not reach them, as notes over the chart. */
export function offScaleNotes(
  scale: Scale,
  current: number,
): { kind: 'trigger' | 'window'; text: string }[] {
  const notes: { kind: 'trigger' | 'window'; text: string }[] = [];
  if (scale.trigger && !scale.trigger.onScale)
    notes.push({
      kind: 'trigger',
      text: offScaleLabel('compaction', scale.trigger.tokens, current),
    });
  if (!scale.window.onScale && scale.window.tokens > 0)
    notes.push({ kind: 'window', text: offScaleLabel('window', scale.window.tokens, current) });
  return notes;
}

/** The label of the compaction trigger's line ("compaction at 4,800"). */
export const triggerLabel = (tokens: number) => `compaction at ${fmt(tokens)}`;
/** The label of the context window's line ("context window 32,000"). */
export const windowLabel = (tokens: number) => `context window ${fmt(tokens)}`;

export interface Meter {
  /** Tokens in the last call's input. */
  used: number;
  /** Where compaction starts (the trigger), or the window when there is none. */
  limit: number;
  limitKind: 'compaction' | 'window';
  /** Tokens left before the limit (0 when past it). */
  remaining: number;
  /** Typical growth of the input per user turn lately (undefined before two turns). */
  perTurn?: number;
  /** About how many more turns of that size fit (undefined without perTurn). */
  turns?: number;
}

/**
 * What is left at a glance: tokens before the next compaction, and roughly how many turns of the
 * recent size that is. A turn's size is the growth of the input between the first calls of
 * consecutive user turns (a turn may hold several calls); the last three turns are averaged.
 * `turnStarts` are the indexes of the calls that opened a user turn (all calls when unknown).
 */
export function meterOf(
  calls: readonly ModelCallRecord[],
  turnStarts?: readonly number[],
): Meter | undefined {
  const last = calls.at(-1);
  if (!last) return undefined;
  const used = last.estimate.total;
  const limit = last.triggerTokens ?? last.contextWindow;
  const limitKind = last.triggerTokens !== undefined ? 'compaction' : 'window';
  const remaining = Math.max(0, limit - used);
  const starts = (turnStarts ?? calls.map((_, i) => i)).filter((i) => i >= 0 && i < calls.length);
  const points = [...starts.map((i) => calls[i]!.estimate.total), used];
  const growth: number[] = [];
  for (let i = 1; i < points.length; i++) {
    const delta = points[i]! - points[i - 1]!;
    if (delta > 0) growth.push(delta);
  }
  const recent = growth.slice(-3);
  if (recent.length === 0) return { used, limit, limitKind, remaining };
  const perTurn = Math.round(recent.reduce((a, b) => a + b, 0) / recent.length);
  return { used, limit, limitKind, remaining, perTurn, turns: Math.floor(remaining / perTurn) };
}

/** Indexes of the calls that opened a user turn: the first call at or after each user message. */
export function turnStartsOf(
  calls: readonly ModelCallRecord[],
  userMessageTimes: readonly number[],
): number[] {
  // Calls and messages are in time order: one pass over both (sorted first, in case they are not).
  const starts = new Set<number>();
  const times = [...userMessageTimes].sort((a, b) => a - b);
  let sorted = true;
  for (let i = 1; i < calls.length && sorted; i++)
    sorted = calls[i - 1]!.startedAt <= calls[i]!.startedAt;
  if (!sorted) {
    // Not in time order: the first call (by position) at or after each time, as before.
    for (const time of times) {
      const index = calls.findIndex((call) => call.startedAt >= time);
      if (index >= 0) starts.add(index);
    }
    return [...starts].sort((a, b) => a - b);
  }
  let at = 0;
  for (const time of times) {
    while (at < calls.length && calls[at]!.startedAt < time) at++;
    if (at < calls.length) starts.add(at);
  }
  return [...starts];
}

/**
 * What the chart's rows depend on, as one string: during a run the thread is published after every
 * event with new arrays holding the same call records (the last one completed in place), so the
 * rows are built again only when this changes (a call starts or ends, an event is added, a record
 * is attached to its event).
 */
export function chartKey(
  calls: readonly ModelCallRecord[],
  events: readonly ContextEvent[],
): string {
  const last = calls.at(-1);
  return [
    calls.length,
    last?.callId ?? '',
    last?.endedAt ?? '',
    last?.usage?.inputTokens ?? '',
    last?.error ?? '',
    events.length,
    events.at(-1)?.id ?? '',
    events.at(-1)?.callId ?? '',
    // A record arriving after its event changes the event's detail (the marker's tooltip).
    events.reduce((n, e) => n + (e.pending ? 1 : 0), 0),
  ].join('|');
}
