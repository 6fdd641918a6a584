import { describe, expect, it } from 'vitest';
import { KEY_WIDTH, layoutAnnotations, obstaclesOf, type PointGeometry } from './annotations';
import { boxesOverlap, hits, inside, type Box } from '../plot/label-layout';

// A plot of 12 calls, 300 × 100 px, below a 26 px strip, right of a 60 px axis.
const plot: Box = { x: 60, y: 26, width: 300, height: 100 };
const bounds: Box = { x: 60, y: 1, width: 312, height: 125 };
const lineBounds: Box = { x: 4, y: 1, width: 368, height: 125 };
const measure = (text: string, bold: boolean) => text.length * (bold ? 7.5 : 6.5);
const base = { plot, bounds, lineBounds, measure, lineHeight: 13, dropRadius: 4 };

/** A call at `x` whose bar tops at `top`, with a reported dot there and markers stacked above. */
function point(key: string, x: number, top: number, extra: Partial<PointGeometry> = {}) {
  return {
    key,
    x,
    halfWidth: 9,
    top,
    reported: top,
    reportedRadius: 2.5,
    markers: [],
    ...extra,
  } satisfies PointGeometry;
}

function drop(before: number, after: number, tokens: number) {
  return { before, after, text: `${tokens}k → 4.4k`, tokens };
}

function allClear(result: ReturnType<typeof layoutAnnotations>, points: PointGeometry[]) {
  const placed = [...result.lines.values(), ...result.captions.values()].filter(
    (b): b is Box => b !== undefined,
  );
  const marks = obstaclesOf(points, plot, 4);
  for (let i = 0; i < placed.length; i++) {
    expect(inside(placed[i]!, lineBounds)).toBe(true);
    for (const mark of marks) expect(hits(placed[i]!, mark, 2)).toBe(false);
    for (let j = i + 1; j < placed.length; j++)
      expect(boxesOverlap(placed[i]!, placed[j]!)).toBe(false);
  }
  return placed;
}

describe('layoutAnnotations', () => {
  it('never overlaps the captions of two drops at nearly the same x, nor their marks', () => {
    const points = [
      point('5', 180, 90),
      point('6', 200, 100, {
        drop: drop(60, 100, 7),
        markers: [{ y: 47, half: 7 }],
      }),
      // One pixel to the right: a grouped chart can put two drops this close.
      point('7', 201, 100, {
        drop: drop(62, 100, 5),
        markers: [{ y: 49, half: 7 }],
      }),
      point('8', 225, 95),
    ];
    const result = layoutAnnotations({ ...base, points, lines: [] });
    const first = result.captions.get('6');
    const second = result.captions.get('7');
    // The larger drop is placed first, and gets a place.
    expect(first).toBeDefined();
    if (second) expect(boxesOverlap(first!, second)).toBe(false);
    allClear(result, points);
  });

  it('keeps captions off the trigger line, the bars, the reported line and every marker', () => {
    // Twelve calls 25 px apart, bars near the trigger, a drop at every other call.
    const points = Array.from({ length: 12 }, (_, i) =>
      point(String(i + 1), 72 + i * 25, 60 - (i % 3) * 4, {
        ...(i % 2 === 1 ? { drop: drop(40, 60, 10 + i) } : {}),
        markers: i % 2 === 1 ? [{ y: 27, half: 7 }] : [{ y: 47, half: 6 }],
      }),
    );
    const trigger = { id: 'trigger' as const, y: 50, text: 'compaction at 4,800' };
    const result = layoutAnnotations({ ...base, points, lines: [trigger] });
    const placed = allClear(result, points);
    for (const box of result.captions.values())
      if (box)
        expect(hits(box, { x1: plot.x, y1: 50, x2: plot.x + plot.width, y2: 50 }, 2)).toBe(false);
    expect(result.lines.get('trigger')).toBeDefined();
    // Crowded as it is, some captions are drawn; the others are left out, not piled up.
    expect(placed.length).toBeGreaterThan(1);
  });

  it("on a dense chart, steps a caption out past a neighbouring call's markers", () => {
    // Calls 3 px apart: the neighbours' bars and markers stand right beside the drop.
    const points = [
      point('597', 197, 50, { markers: [{ y: 41, half: 6 }] }),
      point('598', 200, 75, { drop: drop(45, 75, 70), markers: [{ y: 36, half: 7 }] }),
      point('599', 203, 75, {
        markers: [
          { y: 53, half: 6 },
          { y: 40, half: 6 },
        ],
      }),
    ].map((p) => ({ ...p, halfWidth: 1.5 }));
    const trigger = { id: 'trigger' as const, y: 20, text: 'compaction at 108,800' };
    const result = layoutAnnotations({ ...base, points, lines: [trigger] });
    const box = result.captions.get('598');
    expect(box).toBeDefined();
    // Level with the drop's top, a few pixels further out than beside its own markers.
    expect(box!.y).toBe(45 - 13 / 2);
    allClear(result, points);
  });

  it('moves a caption off the trigger line its drop starts on', () => {
    // The drop starts on the line: the level places beside the dot would cross it.
    const points = [point('3', 200, 90, { drop: drop(50, 90, 6), markers: [{ y: 37, half: 7 }] })];
    const trigger = { id: 'trigger' as const, y: 50, text: 'compaction at 4,800' };
    const result = layoutAnnotations({ ...base, points, lines: [trigger] });
    const box = result.captions.get('3');
    expect(box).toBeDefined();
    expect(hits(box!, { x1: plot.x, y1: 50, x2: plot.x + plot.width, y2: 50 }, 2)).toBe(false);
  });

  it('puts a line label with no room along its line in the strip above the plot', () => {
    // Markers all along the line, above and below it.
    const points = Array.from({ length: 30 }, (_, i) =>
      point(String(i + 1), 65 + i * 10, 70, {
        markers: [
          { y: 52, half: 6 },
          { y: 40, half: 6 },
        ],
      }),
    );
    const result = layoutAnnotations({
      ...base,
      points,
      lines: [{ id: 'trigger', y: 46, text: 'compaction at 108,800' }],
    });
    const box = result.lines.get('trigger');
    expect(box).toBeDefined();
    expect(box!.y + box!.height).toBeLessThanOrEqual(plot.y);
    // Away from its line, it is drawn as a key (a stretch of the dash, then the text).
    expect(box!.tag).toBe('key');
    expect(box!.width).toBe(Math.ceil(measure('compaction at 108,800', false)) + KEY_WIDTH);
    allClear(result, points);
  });

  it('takes the strip over the axis when the off-scale notes fill its part over the plot', () => {
    // Bars up to the line, markers just above it, all along.
    const points = Array.from({ length: 30 }, (_, i) =>
      point(String(i + 1), 65 + i * 10, 30, { markers: [{ y: 23, half: 6 }] }),
    );
    const result = layoutAnnotations({
      ...base,
      points,
      lines: [{ id: 'trigger', y: 28, text: 'compaction at 108,800' }],
      // The notes over the plot's whole width.
      reserved: [{ x: 175, y: 0, width: 185, height: 13 }],
    });
    const box = result.lines.get('trigger');
    expect(box).toBeDefined();
    expect(box!.x).toBe(lineBounds.x);
    expect(box!.tag).toBe('key');
    expect(box!.x + box!.width).toBeLessThan(175);
  });

  it('shortens a line label in the strip when the full one has no room there', () => {
    const points = Array.from({ length: 30 }, (_, i) =>
      point(String(i + 1), 65 + i * 10, 30, { markers: [{ y: 23, half: 6 }] }),
    );
    const line = {
      id: 'trigger' as const,
      y: 28,
      text: 'compaction at 108,800',
      short: 'compaction at 109k',
    };
    const result = layoutAnnotations({
      ...base,
      points,
      lines: [line],
      reserved: [{ x: 150, y: 0, width: 210, height: 13 }],
    });
    const box = result.lines.get('trigger');
    expect(box?.tag).toBe('key-short');
    expect(box!.width).toBe(Math.ceil(measure(line.short, false)) + KEY_WIDTH);
    // Without a short text there is no place for it.
    const none = layoutAnnotations({
      ...base,
      points,
      lines: [{ ...line, short: undefined }],
      reserved: [{ x: 150, y: 0, width: 210, height: 13 }],
    });
    expect(none.lines.get('trigger')).toBeUndefined();
  });

  it('leaves a caption out where there is no room, and places the window label too', () => {
    // A drop boxed in by markers on every side.
    const ring = [-20, -10, 0, 10, 20].flatMap((dx) =>
      [-24, -12, 0, 12, 24].map((dy) => ({ dx, dy })),
    );
    const points = [
      point('1', 200, 120, {
        drop: drop(70, 120, 9),
        markers: ring.map(({ dy }) => ({ y: 70 + dy, half: 6 })),
      }),
      ...ring.map(({ dx, dy }, i) =>
        point(`m${i}`, 200 + dx * 4, 125, { markers: [{ y: 70 + dy, half: 6 }] }),
      ),
    ];
    const result = layoutAnnotations({
      ...base,
      points: points.map((p) => ({ ...p, reported: undefined })),
      lines: [
        { id: 'trigger', y: 100, text: 'compaction at 4,800' },
        { id: 'window', y: 30, text: 'context window 32,000' },
      ],
    });
    expect(result.captions.has('1')).toBe(true);
    expect(result.captions.get('1')).toBeUndefined();
    expect(result.lines.get('window')).toBeDefined();
    // The window's label starts from the left end of its line.
    expect(result.lines.get('window')!.x).toBeLessThan(plot.x + 20);
  });
});
