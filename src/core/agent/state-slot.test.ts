import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { copyState, stateSlot } from './middleware';

const slot = stateSlot('test-notes', z.object({ notes: z.array(z.string()) }));

describe('copyState', () => {
  it('a copy of a value its slot checked is trusted; the copy is deep', () => {
    const state = { 'test-notes': { notes: ['a'] } };
    const parse = vi.spyOn(slot.schema, 'safeParse');
    expect(slot.read(state)).toEqual({ notes: ['a'] });
    expect(parse).toHaveBeenCalledTimes(1);
    const copy = copyState(state);
    expect(slot.read(copy)).toEqual({ notes: ['a'] });
    expect(parse).toHaveBeenCalledTimes(1);
    slot.read(copy)!.notes.push('b');
    expect(state['test-notes'].notes).toEqual(['a']);
    parse.mockRestore();
  });

  it('a copy of a value never checked is checked when read, and refused when it does not match', () => {
    const state = { 'test-notes': { notes: 'not a list' } };
    const copy = copyState(state);
    expect(slot.read(copy)).toBeUndefined();
  });
});
