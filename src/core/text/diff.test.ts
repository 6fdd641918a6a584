import { describe, expect, it } from 'vitest';
import { diffLines } from './diff';

describe('diffLines', () => {
  it('marks an appended line as added and keeps the rest', () => {
    const diff = diffLines('# Memory\n- tabs', '# Memory\n- tabs\n- dark mode');
    expect(diff).toEqual([
      { kind: 'same', text: '# Memory' },
      { kind: 'same', text: '- tabs' },
      { kind: 'added', text: '- dark mode' },
    ]);
  });

  it('shows a changed line as removed then added', () => {
    const diff = diffLines('a\nspaces\nc', 'a\ntabs\nc');
    expect(diff.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'spaces' },
      { kind: 'added', text: 'tabs' },
    ]);
  });

  it('handles a file created from nothing', () => {
    expect(diffLines('', 'x\ny')).toEqual([
      { kind: 'added', text: 'x' },
      { kind: 'added', text: 'y' },
    ]);
  });
});
