import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED, parseScrollMap, withPosition } from './scroll-memory';

describe('scroll memory', () => {
  it('reads back what it wrote', () => {
    const map = withPosition([], 'thread_a', { bottom: false, anchor: 'msg-m1', offset: 42 });
    expect(parseScrollMap(JSON.stringify(map))).toEqual([
      ['thread_a', { bottom: false, anchor: 'msg-m1', offset: 42 }],
    ]);
  });

  it('drops whatever is not a well-formed entry, and a broken or foreign value entirely', () => {
    expect(parseScrollMap(null)).toEqual([]);
    expect(parseScrollMap('{not json')).toEqual([]);
    expect(parseScrollMap('{"a":{"bottom":true,"offset":0}}')).toEqual([]);
    const text = JSON.stringify([
      ['good', { bottom: true, offset: 0 }],
      ['noBottom', { offset: 3 }],
      ['badOffset', { bottom: false, offset: 'x' }],
      ['badAnchor', { bottom: false, anchor: 'body', offset: 10 }],
      ['negative', { bottom: false, offset: -5 }],
      ['infinite', { bottom: false, offset: 'NaN' }],
      [7, { bottom: true, offset: 0 }],
      'loose',
    ]).replace('"NaN"', '1e999');
    expect(parseScrollMap(text)).toEqual([
      ['good', { bottom: true, offset: 0 }],
      ['badAnchor', { bottom: false, offset: 10 }],
      ['negative', { bottom: false, offset: 0 }],
    ]);
  });

  it(`keeps the ${MAX_REMEMBERED} most recently scrolled threads, ids that look like numbers too`, () => {
    let map = withPosition([], '7', { bottom: true, offset: 0 });
    for (let i = 0; i < MAX_REMEMBERED + 5; i++)
      map = withPosition(map, `t${i}`, { bottom: true, offset: 0 });
    map = withPosition(map, 't10', { bottom: false, offset: 7 });
    const ids = map.map(([id]) => id);
    expect(ids).toHaveLength(MAX_REMEMBERED);
    // '7' and t0..t4 were the least recently scrolled.
    for (const gone of ['7', 't0', 't4']) expect(ids).not.toContain(gone);
    expect(ids[0]).toBe('t5');
    expect(ids.at(-1)).toBe('t10');
    expect(ids.filter((id) => id === 't10')).toHaveLength(1);
    expect(parseScrollMap(JSON.stringify(map))).toEqual(map);
  });
});
