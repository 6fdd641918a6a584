import { describe, expect, it } from 'vitest';
import {
  alongLine,
  aroundPoint,
  boxesOverlap,
  hits,
  inside,
  placeLabels,
  segmentHitsBox,
  type Box,
  type LabelRequest,
  type Obstacle,
} from './label-layout';

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('boxesOverlap', () => {
  it('tells overlapping boxes from separate and touching ones', () => {
    expect(boxesOverlap(box(0, 0, 10, 10), box(5, 5, 10, 10))).toBe(true);
    expect(boxesOverlap(box(0, 0, 10, 10), box(20, 0, 10, 10))).toBe(false);
    // Sharing an edge is not overlapping…
    expect(boxesOverlap(box(0, 0, 10, 10), box(10, 0, 10, 10))).toBe(false);
    // …but it is closer than a gap of 2 pixels.
    expect(boxesOverlap(box(0, 0, 10, 10), box(10, 0, 10, 10), 2)).toBe(true);
    expect(boxesOverlap(box(0, 0, 10, 10), box(12, 0, 10, 10), 2)).toBe(false);
  });
});

describe('segmentHitsBox', () => {
  const b = box(10, 10, 20, 10);
  it('sees a segment crossing the box, even with both ends outside it', () => {
    expect(segmentHitsBox({ x1: 0, y1: 0, x2: 40, y2: 30 }, b)).toBe(true);
    expect(segmentHitsBox({ x1: 0, y1: 15, x2: 40, y2: 15 }, b)).toBe(true);
  });
  it('sees a segment wholly inside and a point inside', () => {
    expect(segmentHitsBox({ x1: 12, y1: 12, x2: 20, y2: 18 }, b)).toBe(true);
    expect(segmentHitsBox({ x1: 15, y1: 15, x2: 15, y2: 15 }, b)).toBe(true);
  });
  it('misses segments beside the box, a diagonal passing its corner, and one along an edge', () => {
    expect(segmentHitsBox({ x1: 0, y1: 0, x2: 40, y2: 0 }, b)).toBe(false);
    expect(segmentHitsBox({ x1: 0, y1: 25, x2: 5, y2: 40 }, b)).toBe(false);
    // Passes just outside the top-left corner.
    expect(segmentHitsBox({ x1: 0, y1: 19, x2: 9, y2: 0 }, b)).toBe(false);
    expect(segmentHitsBox({ x1: 0, y1: 10, x2: 40, y2: 10 }, b)).toBe(false);
    expect(segmentHitsBox({ x1: 35, y1: 15, x2: 35, y2: 15 }, b)).toBe(false);
  });
  it('counts a gap around the label', () => {
    const line = { x1: 0, y1: 21, x2: 40, y2: 21 };
    expect(hits(b, line)).toBe(false);
    expect(hits(b, line, 2)).toBe(true);
  });
});

describe('placeLabels', () => {
  const bounds = box(0, 0, 300, 100);

  it('gives the first label its first candidate, and the next one another place', () => {
    const at = [
      { x: 50, y: 40 },
      { x: 50, y: 60 },
    ];
    const layout = placeLabels(
      [
        { id: 'a', width: 60, height: 13, candidates: at },
        { id: 'b', width: 60, height: 13, candidates: at },
      ],
      { bounds },
    );
    expect(layout.get('a')).toEqual(box(50, 40, 60, 13));
    expect(layout.get('b')).toEqual(box(50, 60, 60, 13));
  });

  it('leaves out a label with no clear candidate', () => {
    const layout = placeLabels(
      [
        { id: 'a', width: 60, height: 13, candidates: [{ x: 50, y: 40 }] },
        { id: 'b', width: 60, height: 13, candidates: [{ x: 55, y: 42 }] },
      ],
      { bounds },
    );
    expect(layout.get('a')).toBeDefined();
    expect(layout.has('b')).toBe(true);
    expect(layout.get('b')).toBeUndefined();
  });

  it('keeps labels inside the bounds and off the obstacles, its own ones included', () => {
    const obstacles: Obstacle[] = [box(0, 0, 40, 40)];
    const layout = placeLabels(
      [
        {
          id: 'a',
          width: 30,
          height: 13,
          candidates: [
            { x: 280, y: 10 }, // sticks out of the bounds
            { x: 5, y: 5 }, // on the obstacle
            { x: 100, y: 50 }, // on its own obstacle
            { x: 100, y: 70 },
          ],
          obstacles: [{ x1: 90, y1: 55, x2: 200, y2: 55 }],
        },
      ],
      { bounds, obstacles },
    );
    expect(layout.get('a')).toEqual(box(100, 70, 30, 13));
  });

  it('may place a label outside the layout bounds when the label has bounds of its own', () => {
    const layout = placeLabels(
      [
        {
          id: 'a',
          width: 30,
          height: 13,
          candidates: [{ x: -20, y: 0 }],
          bounds: box(-30, 0, 330, 100),
        },
      ],
      { bounds },
    );
    expect(layout.get('a')).toEqual(box(-20, 0, 30, 13));
  });

  it("takes a candidate's own width and hands back its tag", () => {
    const layout = placeLabels(
      [
        {
          id: 'a',
          width: 30,
          height: 13,
          candidates: [
            { x: 0, y: 0, width: 400, tag: 'too wide' },
            { x: 10, y: 0, width: 50, tag: 'key' },
          ],
        },
      ],
      { bounds },
    );
    expect(layout.get('a')).toEqual({ ...box(10, 0, 50, 13), tag: 'key' });
  });

  it('never overlaps two captions of marks at nearly the same x, over many random charts', () => {
    const next = random(7);
    for (let chart = 0; chart < 200; chart++) {
      const count = 2 + Math.floor(next() * 10);
      const marks = Array.from({ length: count }, () => ({
        // Crowded: all within 30 px of each other.
        x: 140 + next() * 30,
        y: 20 + next() * 60,
      }));
      const obstacles: Obstacle[] = marks.map((m) => box(m.x - 4, m.y - 4, 8, 8));
      const labels: LabelRequest[] = marks.map((m, i) => {
        const width = 40 + Math.floor(next() * 40);
        return {
          id: String(i),
          width,
          height: 13,
          candidates: aroundPoint(m.x, m.y, width, 13, 4, i % 2 ? 'left' : 'right'),
        };
      });
      const layout = placeLabels(labels, { bounds, obstacles, gap: 2 });
      const placed = [...layout.values()].filter((b): b is Box => b !== undefined);
      // Crowded, but with room around the crowd: some labels always find a place.
      expect(placed.length).toBeGreaterThan(0);
      for (let i = 0; i < placed.length; i++) {
        expect(inside(placed[i]!, bounds)).toBe(true);
        for (const obstacle of obstacles) expect(hits(placed[i]!, obstacle, 2)).toBe(false);
        for (let j = i + 1; j < placed.length; j++)
          expect(boxesOverlap(placed[i]!, placed[j]!, 2)).toBe(false);
      }
    }
  });
});

describe('candidates', () => {
  it('aroundPoint starts level on the preferred side, clear of the mark', () => {
    const [first, second] = aroundPoint(100, 50, 40, 10, 4, 'left');
    expect(first!.x + 40).toBeLessThan(96);
    expect(first!.y).toBe(45);
    expect(second!.x).toBeGreaterThan(104);
    const [right] = aroundPoint(100, 50, 40, 10, 4);
    expect(right!.x).toBeGreaterThan(104);
  });

  it('alongLine starts above the line at the chosen end and stays between the ends', () => {
    const right = alongLine(50, 0, 300, 80, 13);
    expect(right[0]).toEqual({ x: 216, y: 36 });
    expect(right[1]).toEqual({ x: 216, y: 52 });
    expect(right[2]!.x).toBe(4);
    const left = alongLine(50, 0, 300, 80, 13, 'left');
    expect(left[0]!.x).toBe(4);
    for (const at of right) {
      expect(at.x).toBeGreaterThanOrEqual(4);
      expect(at.x + 80).toBeLessThanOrEqual(296);
    }
    // A label wider than the line has no place along it.
    expect(alongLine(50, 0, 60, 80, 13)).toEqual([]);
  });
});
