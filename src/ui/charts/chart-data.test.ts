import { describe, expect, it } from 'vitest';
import type { ContextEvent, ModelCallRecord, TokenBreakdown } from '../../core/thread/thread';
import {
  buildRows,
  breakdownOf,
  eventStyle,
  meterOf,
  offScaleLabel,
  offScaleNotes,
  scaleOf,
  SECTION_COLORS,
  seriesOf,
  strategyKey,
  turnStartsOf,
  chartKey,
  downsample,
} from './chart-data';

const estimate = (total: number, extra: Partial<TokenBreakdown> = {}): TokenBreakdown => ({
  system: 500,
  memory: 100,
  messages: total - 600,
  tools: 0,
  total,
  ...extra,
});

let n = 0;
const call = (total: number, extra: Partial<ModelCallRecord> = {}): ModelCallRecord => ({
  callId: `c${++n}`,
  startedAt: n * 1000,
  provider: 'demo',
  model: 'demo',
  contextWindow: 128_000,
  triggerTokens: 108_800,
  estimate: estimate(total),
  ...extra,
});

const event = (kind: string, callId: string, extra: Partial<ContextEvent> = {}): ContextEvent =>
  ({ id: `e${++n}`, kind, callId, at: 0, detail: kind, ...extra }) as ContextEvent;

describe('scaleOf', () => {
  it('follows the data, not the 108,800 trigger, and says how far the trigger is', () => {
    const rows = buildRows([call(2_000), call(2_500), call(3_000)], []);
    const scale = scaleOf(rows, false);
    expect(scale.max).toBeGreaterThanOrEqual(3_000 * 1.15);
    expect(scale.max).toBeLessThan(6_000);
    expect(scale.ticks).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
    expect(scale.max).toBe(4_000);
    expect(scale.trigger).toEqual({ tokens: 108_800, onScale: false });
    expect(scale.window.onScale).toBe(false);
    expect(offScaleLabel('compaction', 108_800, 3_000)).toBe('compaction at 108,800 · 97% away');
    expect(offScaleNotes(scale, 3_000)).toEqual([
      { kind: 'trigger', text: 'compaction at 108,800 · 97% away' },
      { kind: 'window', text: 'window at 128,000 · 98% away' },
    ]);
    // On the full scale both are drawn as lines: no notes.
    expect(offScaleNotes(scaleOf(rows, true), 3_000)).toEqual([]);
  });

  it('full scale reaches the window; a compaction drop stays on the scale', () => {
    const rows = buildRows([call(2_000)], []);
    const full = scaleOf(rows, true);
    expect(full.max).toBeGreaterThanOrEqual(128_000);
    expect(full.trigger?.onScale).toBe(true);
    expect(full.window.onScale).toBe(true);

    const a = call(9_000);
    const b = call(4_000);
    const dropped = buildRows(
      [a, b],
      [event('summarize', b.callId, { tokensBefore: 12_000, tokensAfter: 4_000 })],
    );
    expect(dropped[1]?.drop).toEqual({ before: 12_000, after: 4_000 });
    expect(scaleOf(dropped, false).max).toBeGreaterThanOrEqual(12_000);
  });

  it("an offload's figures are the tool result's, not a drop of the request", () => {
    const c = call(3_000);
    const rows = buildRows(
      [c],
      [event('offload', c.callId, { tokensBefore: 45_000, tokensAfter: 260 })],
    );
    expect(rows[0]?.drop).toBeUndefined();
    expect(scaleOf(rows, false).max).toBeLessThan(10_000);
  });

  it('ticks round values from 0 up to the top, which covers the data and its headroom', () => {
    for (const top of [615, 1_001, 5_200, 27_000, 131_000]) {
      const scale = scaleOf(buildRows([call(top)], []), false);
      const step = scale.ticks[1]! - scale.ticks[0]!;
      const power = 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 5]).toContain(step / power);
      expect(scale.ticks[0]).toBe(0);
      expect(scale.ticks.at(-1)).toBe(scale.max);
      expect(scale.max).toBeGreaterThanOrEqual(top * 1.15);
      expect(scale.ticks.length).toBeGreaterThanOrEqual(3);
    }
  });
  it('has a scale for a chart with nothing in it', () => {
    const scale = scaleOf(buildRows([call(0)], []), false);
    expect(scale.max).toBeGreaterThan(0);
  });
});

describe('series and rows', () => {
  it('stack any named strategy sections, with their own colours, after the fixed ones', () => {
    const calls = [
      call(3_000, { estimate: estimate(3_000, { strategy: { 'Running summary': 400 } }) }),
      call(3_500, {
        estimate: estimate(3_500, { strategy: { 'Running summary': 450, 'Some new section': 90 } }),
      }),
    ];
    const series = seriesOf(calls);
    expect(series.map((s) => s.label).slice(-2)).toEqual(['Running summary', 'Some new section']);
    const colours = series.map((s) => s.color);
    expect(new Set(colours.slice(0, 7)).size).toBe(7);
    expect(colours.slice(7).every((c) => !Object.values(SECTION_COLORS).includes(c))).toBe(true);
    expect(colours[7]).not.toBe(colours[8]);

    const rows = buildRows(calls, []);
    expect(rows[1]?.[strategyKey('Some new section')]).toBe(90);
    expect(rows[0]?.[strategyKey('Some new section')]).toBeUndefined();
    expect(breakdownOf(rows[1]!, series).map((s) => [s.label, s.tokens])).toEqual([
      ['System prompt', 500],
      ['AGENTS.md memory', 100],
      ['Messages', 2_900],
      ['Running summary', 450],
      ['Some new section', 90],
    ]);
  });

  it('events attach to their call', () => {
    const a = call(1_000);
    const rows = buildRows([a, call(1_200)], [event('memory-loaded', a.callId)]);
    expect(rows[0]?.events.map((e) => e.kind)).toEqual(['memory-loaded']);
    expect(rows[1]?.events).toEqual([]);
  });
});

describe('eventStyle', () => {
  it('gives every known kind its own colour and shape pair, and unknown kinds a default', () => {
    const kinds = [
      'offload',
      'truncate',
      'summarize',
      'summarize-failed',
      'memory-loaded',
      'memory-refreshed',
      'memory-edited',
      'facts-updated',
      'strategy-changed',
      'strategy-step',
      'strategy-step-failed',
      'strategy-evicted',
      'strategy-note',
    ];
    const looks = kinds.map((kind) => `${eventStyle(kind).color} ${eventStyle(kind).shape}`);
    expect(new Set(looks).size).toBe(kinds.length);
    // The three compaction events differ in colour and in shape.
    const compaction = ['offload', 'truncate', 'summarize'].map(eventStyle);
    expect(new Set(compaction.map((s) => s.shape)).size).toBe(3);
    expect(new Set(compaction.map((s) => s.color)).size).toBe(3);
    expect(eventStyle('graph-rebuilt')).toEqual({
      label: 'Graph rebuilt',
      color: '#555555',
      shape: 'circle',
    });
  });
});

describe('meterOf', () => {
  it('tokens left before compaction and about how many turns of the recent size', () => {
    const calls = [call(2_000), call(2_600), call(2_900), call(3_500), call(4_100)];
    // Turns started at calls 0, 1 and 3 (call 2 was a tool round of turn 2).
    const meter = meterOf(calls, [0, 1, 3]);
    expect(meter).toMatchObject({ used: 4_100, limit: 108_800, limitKind: 'compaction' });
    expect(meter?.remaining).toBe(104_700);
    // Growth per turn: 600, 900, 600 (the last turn so far) → 700.
    expect(meter?.perTurn).toBe(700);
    expect(meter?.turns).toBe(Math.floor(104_700 / 700));
  });

  it('past the trigger nothing is left; one call gives no turn size', () => {
    expect(meterOf([call(110_000)])).toMatchObject({ remaining: 0 });
    expect(meterOf([call(1_000)])?.turns).toBeUndefined();
    expect(meterOf([])).toBeUndefined();
    expect(meterOf([call(1_000, { triggerTokens: undefined })])?.limitKind).toBe('window');
  });

  it('turn starts are the first calls at or after each user message', () => {
    const calls = [call(1), call(2), call(3), call(4)];
    const times = calls.map((c) => c.startedAt);
    expect(turnStartsOf(calls, [times[0]! - 5, times[2]! - 5])).toEqual([0, 2]);
    // Two messages before the same call give one start; a message after the last call none.
    expect(turnStartsOf(calls, [times[1]! - 7, times[1]! - 3, times[3]! + 1])).toEqual([1]);
  });

  it('turn starts of calls out of time order: the first call by position at or after each time', () => {
    const calls = [call(1), call(2), call(3)];
    calls[0]!.startedAt = calls[2]!.startedAt + 10;
    expect(turnStartsOf(calls, [calls[1]!.startedAt - 1])).toEqual([0]);
  });
});

describe('buildRows and chartKey', () => {
  it('places each event at its call in one pass, in order', () => {
    const calls = [call(1_000), call(2_000), call(3_000)];
    const events = [
      event('offload', calls[2]!.callId),
      event('memory-loaded', calls[0]!.callId),
      event('summarize', calls[2]!.callId, { tokensBefore: 3_000, tokensAfter: 900 }),
      event('strategy-note', 'nowhere'),
    ];
    const rows = buildRows(calls, events);
    expect(rows.map((row) => row.events.map((e) => e.kind))).toEqual([
      ['memory-loaded'],
      [],
      ['offload', 'summarize'],
    ]);
    expect(rows[2]!.drop).toEqual({ before: 3_000, after: 900 });
  });

  it('changes when a call starts or ends or an event is added, not when only messages change', () => {
    const calls = [call(1_000), call(2_000)];
    const events = [event('offload', calls[1]!.callId)];
    const key = chartKey(calls, events);
    expect(chartKey([...calls], [...events])).toBe(key);
    calls[1]!.usage = { inputTokens: 2_050, outputTokens: 10 };
    const ended = chartKey(calls, events);
    expect(ended).not.toBe(key);
    expect(chartKey([...calls, call(2_500)], events)).not.toBe(ended);
    expect(chartKey(calls, [...events, event('truncate', calls[1]!.callId)])).not.toBe(ended);
  });
});

describe('downsample', () => {
  const many = (count: number) => {
    const calls = Array.from({ length: count }, (_, i) => call(1_000 + ((i * 7919) % 5_000)));
    const events = calls
      .filter((_, i) => i % 37 === 0)
      .map((c, i) => event(i % 2 ? 'offload' : 'memory-edited', c.callId));
    const at = calls[Math.floor(count / 4)]!.callId;
    events.push(event('summarize', at, { tokensBefore: 90_000, tokensAfter: 6_000 }));
    return { rows: buildRows(calls, events), events };
  };

  it('draws every call when they fit', () => {
    const { rows } = many(200);
    expect(downsample(rows, 10, 109, 300)).toEqual(rows.slice(10, 110));
  });

  it('groups calls into at most max points, each the largest of its calls, keeping every event', () => {
    const { rows, events } = many(2_000);
    const points = downsample(rows, 0, 1_999, 300);
    expect(points.length).toBeLessThanOrEqual(300);
    expect(points.length).toBeGreaterThan(250);
    // Every call belongs to exactly one point, in order.
    const covered = points.flatMap((p) =>
      Array.from({ length: p.bucket!.last - p.bucket!.first + 1 }, (_, i) => p.bucket!.first + i),
    );
    expect(covered).toEqual(rows.map((row) => row.call));
    for (const point of points) {
      const group = rows.slice(point.bucket!.first - 1, point.bucket!.last);
      // Drawn as the largest call of the group, with that call's own figures.
      expect(point.total).toBe(Math.max(...group.map((row) => row.total)));
      const drawn = rows[point.call - 1]!;
      expect(point.messages).toBe(drawn.messages);
      expect(point.reported).toBe(drawn.reported);
      expect(point.bucket!.eventCalls).toHaveLength(point.events.length);
    }
    // Every event is on some point, with its call's number.
    const placed = points.flatMap((p) => p.events.map((e, i) => [e.id, p.bucket!.eventCalls[i]]));
    expect(placed).toHaveLength(events.length);
    const callOf = new Map(rows.flatMap((row) => row.events.map((e) => [e.id, row.call])));
    for (const [id, number] of placed) expect(callOf.get(id as string)).toBe(number);
    // The compaction drop stays with the point of its call.
    const dropped = points.filter((p) => p.drop);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.drop).toEqual({ before: 90_000, after: 6_000 });
  });

  it('a zoomed range is drawn from its own calls only', () => {
    const { rows } = many(2_000);
    const points = downsample(rows, 1_000, 1_899, 300);
    expect(points[0]!.bucket!.first).toBe(1_001);
    expect(points.at(-1)!.bucket!.last).toBe(1_900);
  });
});
