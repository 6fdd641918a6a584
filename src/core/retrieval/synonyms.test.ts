import { describe, expect, it } from 'vitest';
import { expandQuery, synonymTable } from './synonyms';
import { DEFAULT_TOKENIZER, tokenize } from './tokenize';

describe('synonyms', () => {
  it('a query word brings its group at the given weight, under the same tokenizer', () => {
    const tokens = tokenize('What do her children like?', DEFAULT_TOKENIZER);
    const expanded = expandQuery(tokens, DEFAULT_TOKENIZER, 0.5);
    expect(expanded.get('children')).toBe(1);
    expect(expanded.get('kid')).toBe(0.5); // "kids" stems to "kid"
    expect(expanded.get('son')).toBe(0.5);
    expect(expanded.has('family')).toBe(false);
  });

  it('a word the query has keeps its own count; weight 0 adds nothing', () => {
    const tokens = tokenize('kids and children and kids', DEFAULT_TOKENIZER);
    const expanded = expandQuery(tokens, DEFAULT_TOKENIZER, 0.5);
    expect(expanded.get('kid')).toBe(2);
    expect(expanded.get('children')).toBe(1);
    expect([...expandQuery(tokens, DEFAULT_TOKENIZER, 0).keys()]).toEqual(['kid', 'children']);
  });

  it('the table is symmetric', () => {
    const table = synonymTable(DEFAULT_TOKENIZER);
    for (const [token, others] of table)
      for (const other of others) expect(table.get(other)).toContain(token);
  });
});
