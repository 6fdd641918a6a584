import { describe, expect, it } from 'vitest';
import { informativeness } from './informative';

describe('informativeness', () => {
  it('counts the first person, a time word, opening a session and length; a question back and "you" count -1', () => {
    expect(informativeness('Nice.', 1, false)).toBeCloseTo(0.05);
    expect(informativeness('I went camping with my kids last week.', 5, false)).toBeCloseTo(2.25);
    expect(informativeness('I went camping with my kids last week.', 5, true)).toBeCloseTo(3.25);
    expect(informativeness('How about that?', 2, false)).toBeCloseTo(-0.9);
    expect(informativeness('How about you?', 2, false)).toBeCloseTo(-1.9);
    expect(informativeness('Your painting is lovely.', 3, false)).toBeCloseTo(-0.85);
    // A question mark before an image description still asks.
    expect(informativeness('Does it fit? [shared an image: a vase]', 4, false)).toBeCloseTo(-0.8);
  });

  it('length counts fully from 20 tokens', () => {
    expect(informativeness('words', 20, false)).toBe(1);
    expect(informativeness('words', 200, false)).toBe(1);
    expect(informativeness('words', 10, false)).toBe(0.5);
  });

  it('whole words only: "myth" is not "my", "adjust" not "just"', () => {
    expect(informativeness('A myth to adjust', 0, false)).toBe(0);
    expect(informativeness('We just did', 0, false)).toBe(2);
  });
});
