import { describe, expect, it } from 'vitest';
import { baseForm, irregularForms } from './lemmas';
import { DEFAULT_TOKENIZER, tokenize } from './tokenize';

describe('irregular forms', () => {
  it('maps irregular past forms and plurals to their base word', () => {
    expect(baseForm('bought')).toBe('buy');
    expect(baseForm('went')).toBe('go');
    expect(baseForm('taught')).toBe('teach');
    expect(baseForm('children')).toBe('child');
    expect(baseForm('mice')).toBe('mouse');
    expect(irregularForms().size).toBeGreaterThan(500);
  });

  it('leaves regular words and forms that are mostly another word alone', () => {
    expect(baseForm('painted')).toBe('painted');
    expect(baseForm('born')).toBe('born');
    expect(baseForm('rose')).toBe('rose');
  });

  it('the tokenizer option makes a question and a message share the verb', () => {
    const irregular = { ...DEFAULT_TOKENIZER, irregular: true };
    expect(tokenize('What did she buy?', irregular)).toEqual(['buy']);
    expect(tokenize('I bought new shoes', irregular)).toEqual(['buy', 'new', 'shoe']);
    expect(tokenize('I bought new shoes')).toEqual(['bought', 'new', 'shoe']);
  });
});
