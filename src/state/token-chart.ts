// The token chart's rows, as the token panel shows them (a view model over a thread's call records
// and events): a row per model call with its sections (fixed and named strategy sections), the
// provider-reported input, the in-browser model's speed, its events and its largest compaction
// drop. The chart (src/ui/charts) only draws them.
import type { ContextEvent, ModelCallRecord, TokenBreakdown } from '../core/thread/thread';
import { describeCallSpeed } from '../core/providers/local/status';

/** The fixed sections of a call's estimate (strategy sections are named, see strategyKey). */
export type SectionKey = Exclude<keyof TokenBreakdown, 'total' | 'strategy'>;

export const SECTION_KEYS: SectionKey[] = [
  'system',
  'memory',
  'facts',
  'summary',
  'messages',
  'toolResults',
  'tools',
];

/** Row key of a named strategy section ("Running summary" → "strategy:Running summary"). */
export const strategyKey = (name: string) => `strategy:${name}`;

export interface ChartRow {
  call: number;
  /** Every series key (fixed sections and "strategy:Name") → tokens; absent sections are 0. */
  [series: string]: number | unknown;
  total: number;
  contextWindow: number;
  trigger?: number;
  reported?: number;
  /** The in-browser model's speed for this call, as text (tokens/s, time to first token). */
  speed?: string;
  /** Events at this call, in order. */
  events: ContextEvent[];
  /** The largest compaction drop at this call: tokens before and after. */
  drop?: { before: number; after: number };
  /** A drawn point that stands for several calls (see downsample). */
  bucket?: Bucket;
}

/** The calls a drawn point stands for when a zoomed-out chart groups them. */
export interface Bucket {
  /** First and last call number of the group (the point is drawn as its largest call). */
  first: number;
  last: number;
  /** The call number of each of the point's events, in order. */
  eventCalls: number[];
}

/** Events whose before → after figures are the whole request's (drawn as a drop). */
export const DROP_KINDS: readonly string[] = ['summarize', 'truncate'];

export function buildRows(
  calls: readonly ModelCallRecord[],
  events: readonly ContextEvent[],
): ChartRow[] {
  // Events by call, in order: one pass (a thread of thousands of calls and events stays linear).
  const byCall = new Map<string, ContextEvent[]>();
  for (const event of events) {
    if (event.callId === undefined) continue;
    const list = byCall.get(event.callId);
    if (list) list.push(event);
    else byCall.set(event.callId, [event]);
  }
  return calls.map((call, index) => {
    const e = call.estimate;
    const here = byCall.get(call.callId) ?? [];
    const row: ChartRow = {
      call: index + 1,
      total: e.total,
      contextWindow: call.contextWindow,
      events: here,
    };
    for (const key of SECTION_KEYS) row[key] = e[key] ?? 0;
    for (const [name, tokens] of Object.entries(e.strategy ?? {})) row[strategyKey(name)] = tokens;
    if (call.triggerTokens !== undefined) row.trigger = call.triggerTokens;
    if (call.usage) row.reported = call.usage.inputTokens;
    const speed = call.usage && describeCallSpeed(call.usage);
    if (speed) row.speed = speed;
    for (const event of here) {
      // Only compaction shrinks the request itself (an offload's figures are the tool result's).
      if (!DROP_KINDS.includes(event.kind)) continue;
      if (event.tokensBefore === undefined || event.tokensAfter === undefined) continue;
      if (event.tokensBefore <= event.tokensAfter) continue;
      const drop = event.tokensBefore - event.tokensAfter;
      if (!row.drop || drop > row.drop.before - row.drop.after)
        row.drop = { before: event.tokensBefore, after: event.tokensAfter };
    }
    return row;
  });
}
