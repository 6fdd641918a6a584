import { describe, expect, it } from 'vitest';
import { bottomOf, rightOf } from '../plot/box';
import {
  BARS_MARGIN,
  BARS_X_AXIS,
  MAX_BAR,
  NAME_WIDTH,
  barsHeight,
  barsLayout,
  callsAxis,
  ellipsize,
  fitLines,
  rowAt,
  tokenLabel,
  type BarInput,
} from './bar-scale';

/** 6 px a character: a stand-in for the canvas measure. */
const measure = (text: string) => text.length * 6;

const rows: BarInput[] = [
  { id: 'seq', name: 'Sequential', calls: 0, tokens: 0 },
  { id: 'sum', name: 'Summarization', calls: 12, tokens: 3_400 },
  { id: 'cmp', name: 'Compression', calls: 3, tokens: 18_250 },
];

describe('callsAxis', () => {
  it('ticks whole numbers up to a round top at or above the most calls', () => {
    expect(callsAxis(12)).toEqual({ top: 12, ticks: [0, 2, 4, 6, 8, 10, 12] });
    expect(callsAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(callsAxis(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(callsAxis(130)).toEqual({ top: 150, ticks: [0, 50, 100, 150] });
  });
  it('gives 0..1 when no strategy made a call', () => {
    expect(callsAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe('tokenLabel', () => {
  it('says the tokens compactly, nothing for none', () => {
    expect(tokenLabel(3_400)).toBe('3,400 tok');
    expect(tokenLabel(18_250)).toBe('18k tok');
    expect(tokenLabel(0)).toBe('');
  });
});

describe('fitLines', () => {
  it('keeps a name that fits on one line', () => {
    expect(fitLines('Sequential', 120, measure, 2)).toEqual({ lines: ['Sequential'], cut: false });
  });
  it('breaks a long name between words', () => {
    expect(fitLines('Sliding window (Window size 1)', 120, measure, 2)).toEqual({
      lines: ['Sliding window', '(Window size 1)'],
      cut: false,
    });
  });
  it('cuts what does not fit in the last line with an ellipsis', () => {
    const fit = fitLines('Sliding window (Window size 1)', 120, measure, 1);
    expect(fit.cut).toBe(true);
    expect(fit.lines).toHaveLength(1);
    expect(fit.lines[0]).toMatch(/^Sliding window.*…$/);
    expect(measure(fit.lines[0]!)).toBeLessThanOrEqual(120);
    const two = fitLines('Summarization (Buffer 4 turns, Model gpt-4o-mini)', 120, measure, 2);
    expect(two.lines[0]).toBe('Summarization');
    expect(two.lines[1]).toMatch(/^\(Buffer 4 turns.*…$/);
    expect(measure(two.lines[1]!)).toBeLessThanOrEqual(120);
  });
  it('cuts a single word wider than a line', () => {
    const fit = fitLines('Supercalifragilisticexpialidocious', 60, measure, 2);
    expect(fit).toEqual({ lines: ['Supercali…'], cut: true });
  });
});

describe('ellipsize', () => {
  it('keeps the longest start that fits with its ellipsis', () => {
    expect(ellipsize('abcdefghij', 60, measure)).toBe('abcdefghij');
    expect(ellipsize('abcdefghijk', 60, measure)).toBe('abcdefghi…');
    expect(ellipsize('ab cdefghijk', 30, measure)).toBe('ab c…');
    expect(ellipsize('ab cdefghijk', 24, measure)).toBe('ab…');
  });
});

describe('barsLayout', () => {
  const height = barsHeight(rows.length);
  const g = barsLayout(rows, 480, height, measure, 13)!;
  it('is as tall as its rows need, at least 120 px', () => {
    expect(barsHeight(3)).toBe(142);
    expect(barsHeight(1)).toBe(120);
    expect(barsHeight(10)).toBe(380);
  });
  it('has no geometry before the figure has a size', () => {
    expect(barsLayout(rows, 0, height, measure, 13)).toBeNull();
  });
  it('keeps the names left of the plot and room right of it for the widest token label', () => {
    expect(g.plot.x).toBe(BARS_MARGIN.left + NAME_WIDTH);
    // "3,400 tok" and "18k tok": 9 characters (54 px) and the gaps.
    expect(rightOf(g.plot)).toBe(480 - (54 + 5 + 4));
    expect(bottomOf(g.plot)).toBe(height - BARS_MARGIN.bottom - BARS_X_AXIS);
  });
  it('draws each bar as long as its calls on the axis, in its own row', () => {
    const span = g.plot.width;
    expect(g.xTicks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(g.rows.map((r) => r.length)).toEqual([0, span, span / 4]);
    const band = g.plot.height / 3;
    expect(g.rows.map((r) => r.y)).toEqual([0.5, 1.5, 2.5].map((k) => g.plot.y + band * k));
    for (const r of g.rows) {
      expect(r.x).toBe(g.plot.x);
      expect(r.thickness).toBeLessThanOrEqual(MAX_BAR);
      expect(r.thickness).toBeLessThan(band);
    }
    expect(g.rows.map((r) => r.label)).toEqual(['', '3,400 tok', '18k tok']);
  });
  it('wraps a long name on two lines where the row has room', () => {
    const long = barsLayout(
      [{ id: 'w', name: 'Sliding window (Window size 1)', calls: 1, tokens: 10 }],
      480,
      barsHeight(1),
      measure,
      13,
    )!;
    expect(long.rows[0]!.lines).toEqual(['Sliding window', '(Window size 1)']);
  });
  it('finds the row under the pointer, none outside the plot', () => {
    const band = g.plot.height / 3;
    expect(rowAt(g, g.plot.y)).toBe(0);
    expect(rowAt(g, g.plot.y + band * 1.5)).toBe(1);
    expect(rowAt(g, bottomOf(g.plot) - 0.5)).toBe(2);
    expect(rowAt(g, bottomOf(g.plot))).toBeNull();
    expect(rowAt(g, g.plot.y - 1)).toBeNull();
  });
});
