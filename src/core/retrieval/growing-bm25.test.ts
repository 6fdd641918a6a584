// The BM25 ranker's index grows with appended documents instead of being rebuilt: its scores must
// be exactly those of an index built afresh on the same documents, through appends, edits,
// removals and unrelated document sets.
import { describe, expect, it } from 'vitest';
import { seeded } from '../../../tests/fixtures/threads';
import {
  buildLexicalIndex,
  createBm25Ranker,
  DEFAULT_BM25,
  divideByMax,
  prepareBm25,
  scoreBm25,
} from './lexical';
import type { RankDoc } from './rank';
import { DEFAULT_TOKENIZER } from './tokenize';

const WORDS =
  'locker code porto budget trip hiking green tea allergic peanuts remember always plan dana alice berlin'.split(
    ' ',
  );

function fresh(query: string, docs: readonly RankDoc[]): number[] {
  const state = prepareBm25(
    buildLexicalIndex(docs, DEFAULT_TOKENIZER),
    DEFAULT_BM25.k1,
    DEFAULT_BM25.b,
  );
  return [...divideByMax(scoreBm25(state, query, DEFAULT_BM25.k1, false))];
}

describe('BM25 with a growing index', () => {
  it('scores exactly as a fresh index through appends, edits, removals and other sets', () => {
    const random = seeded(11);
    const sentence = () =>
      Array.from(
        { length: 2 + Math.floor(random() * 12) },
        () => WORDS[Math.floor(random() * WORDS.length)],
      ).join(' ');
    const ranker = createBm25Ranker();
    let docs: RankDoc[] = [];
    let checks = 0;
    for (let step = 0; step < 300; step++) {
      const roll = random();
      if (roll < 0.6) docs = [...docs, { id: `d${step}`, text: sentence() }];
      else if (roll < 0.7 && docs.length > 0)
        docs = docs.map((doc, i) => (i === 0 ? { ...doc, text: `${doc.text} edited` } : doc));
      else if (roll < 0.8) docs = docs.slice(0, -1);
      else if (roll < 0.85) docs = [{ id: 'other', text: sentence() }];
      const query = sentence();
      const similarities = ranker.similarities(query, docs) as ReadonlyMap<string, number>;
      const expected = fresh(query, docs);
      expect(docs.map((doc) => similarities.get(doc.id))).toEqual(
        docs.map((doc) => expected[docs.map((d) => d.id).lastIndexOf(doc.id)]),
      );
      expect(similarities.size).toBe(new Set(docs.map((d) => d.id)).size);
      checks++;
    }
    expect(checks).toBe(300);
  });

  it('keeps an earlier answer intact when the index grows', () => {
    const ranker = createBm25Ranker();
    const first = ranker.similarities('locker code', [{ id: 'a', text: 'the locker code' }]);
    ranker.similarities('locker code', [
      { id: 'a', text: 'the locker code' },
      { id: 'b', text: 'green tea' },
    ]);
    expect([...(first as ReadonlyMap<string, number>).keys()]).toEqual(['a']);
  });
});
