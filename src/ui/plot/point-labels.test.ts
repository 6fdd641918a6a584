import { describe, expect, it } from 'vitest';
import { boxesOverlap, hits, inside, type Box } from './label-layout';
import { distanceTo, groupPoints, layoutPointLabels, type ScatterPoint } from './point-labels';

const bounds: Box = { x: 50, y: 2, width: 400, height: 220 };
const measure = (text: string) => text.length * 6.5;
const options = { bounds, measure, lineHeight: 13, radius: 7 };

const at = (id: string, x: number, y: number): ScatterPoint => ({ id, name: id, x, y });

function check(points: ScatterPoint[], labels: ReturnType<typeof layoutPointLabels>) {
  const boxes = labels.flatMap((label) => (label.box ? [label.box] : []));
  for (let i = 0; i < boxes.length; i++) {
    expect(inside(boxes[i]!, bounds)).toBe(true);
    for (const p of points)
      expect(hits(boxes[i]!, { x: p.x - 7, y: p.y - 7, width: 14, height: 14 })).toBe(false);
    for (let j = i + 1; j < boxes.length; j++)
      expect(boxesOverlap(boxes[i]!, boxes[j]!)).toBe(false);
  }
  return boxes;
}

describe('distanceTo', () => {
  it('measures from a point to the nearest edge or corner of a box', () => {
    const box = { x: 10, y: 10, width: 20, height: 10 };
    expect(distanceTo(box, { x: 15, y: 15 })).toBe(0);
    expect(distanceTo(box, { x: 15, y: 4 })).toBe(6);
    expect(distanceTo(box, { x: 33, y: 24 })).toBe(5);
  });
});

describe('groupPoints', () => {
  it('groups points drawn on top of each other, in the order given', () => {
    const groups = groupPoints(
      [at('a', 100, 100), at('b', 300, 100), at('c', 104, 103), at('d', 310, 100)],
      14,
    );
    expect(groups.map((g) => g.map((p) => p.id))).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
  });
});

describe('layoutPointLabels', () => {
  it('labels far-apart points to their right', () => {
    const points = [at('Sequential', 100, 50), at('Retrieval', 100, 150)];
    const labels = layoutPointLabels(points, options);
    expect(labels.map((l) => l.box!.x)).toEqual([110, 110]);
    check(points, labels);
  });

  it('gives points at the same place one label naming them all, one a line when long', () => {
    const points = [
      at('Deep Agents', 300, 60),
      at('Sequential', 300, 60),
      at('Summarization', 301, 61),
      at('Graph', 120, 160),
    ];
    const labels = layoutPointLabels(points, options);
    expect(labels[0]!.ids).toEqual(['Deep Agents', 'Sequential', 'Summarization']);
    expect(labels[0]!.lines).toEqual(['Deep Agents', 'Sequential', 'Summarization']);
    expect(labels[0]!.box!.height).toBe(39);
    expect(labels[1]!.lines).toEqual(['Graph']);
    check(points, labels);
    // Short names fit on one line.
    const short = layoutPointLabels([at('A', 300, 60), at('B', 302, 60)], options);
    expect(short[0]!.lines).toEqual(['A, B']);
  });

  it('never overlaps the labels of close points, nor covers a symbol; a crowded one is left out', () => {
    // Ten strategies within a few pixels of each other, in a row and in a column.
    const points = [
      ...Array.from({ length: 5 }, (_, i) => at(`Row ${i}`, 200 + i * 16, 100)),
      ...Array.from({ length: 5 }, (_, i) => at(`Column ${i}`, 420, 40 + i * 16)),
    ];
    const labels = layoutPointLabels(points, options);
    const boxes = check(points, labels);
    expect(boxes.length).toBeGreaterThan(3);
    // Every point is in exactly one label (placed or not).
    expect(labels.flatMap((l) => l.ids).sort()).toEqual(points.map((p) => p.id).sort());
  });

  it('never puts a name nearer to another point than to its own', () => {
    // B sits just above and beyond where Alpha's label would go first (right of Alpha).
    const points = [at('Alpha', 100, 100), at('B', 150, 80)];
    const labels = layoutPointLabels(points, options);
    const box = labels[0]!.box!;
    expect(distanceTo(box, points[1]!)).toBeGreaterThanOrEqual(distanceTo(box, points[0]!) + 6);
    check(points, labels);
  });

  it('puts the label of a point at the right edge to its left', () => {
    const points = [at('OS-like paging', 440, 100)];
    const [label] = layoutPointLabels(points, options);
    expect(label!.box!.x + label!.box!.width).toBeLessThan(440);
    check(points, [label!]);
  });
});
