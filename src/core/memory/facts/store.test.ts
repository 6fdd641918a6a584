import { describe, expect, it } from 'vitest';
import { memoryFs } from '../../../../tests/fixtures/agent';
import { emptyMemory } from './schema';
import {
  createMemoryLoader,
  MEMORY_JSON_PATH,
  modifyMemory,
  readMemory,
  serializeMemory,
} from './store';

describe('createMemoryLoader', () => {
  it('reuses the parse while the file is unchanged and parses again after a change', async () => {
    const memory = emptyMemory('2026-01-01T00:00:00Z');
    memory.facts.push({
      id: 'a',
      content: 'Likes tea',
      category: 'preference',
      confidence: 0.9,
      createdAt: '',
      source: 't',
    });
    const fs = await memoryFs({ [MEMORY_JSON_PATH]: serializeMemory(memory) });
    const load = createMemoryLoader(fs);
    const first = await load();
    expect(await load()).toBe(first);
    memory.facts[0]!.content = 'Likes coffee';
    await fs.write(MEMORY_JSON_PATH, serializeMemory(memory));
    const second = await load();
    expect(second).not.toBe(first);
    expect('facts' in second && second.facts[0]!.content).toBe('Likes coffee');
  });

  it('reports an invalid file with its line and field, and an absent one as empty memory', async () => {
    const fs = await memoryFs({
      [MEMORY_JSON_PATH]:
        '{\n  "facts": [{"id": "a", "content": "x", "category": "preference", "confidence": 7}],\n  "user": {"topOfMind": {"summary": 7}}\n}',
    });
    const result = await createMemoryLoader(fs)();
    expect('error' in result && result.error).toMatch(/line 2.*confidence[\s\S]*line 3.*topOfMind/);
    expect(await createMemoryLoader(await memoryFs({}))()).toMatchObject({ facts: [] });
  });
});

// Issue 18, finding 3: memory.json had no fact cap; 25,000 facts (from a bundle or the agent)
// stalled the Facts tab 15 s and every turn 11 s.
describe('the fact cap', () => {
  const many = (n: number) => {
    const memory = emptyMemory('2026-01-01T00:00:00Z');
    for (let i = 0; i < n; i++)
      memory.facts.push({
        id: `f${i}`,
        content: `Fact number ${i}`,
        category: 'knowledge',
        // Confidence grows with i, so the kept ones are the last `max`.
        confidence: i / n,
        createdAt: '',
        source: 'agent',
      });
    return memory;
  };

  it('reads at most maxFacts, dropping the lowest confidence, and says how many', async () => {
    const fs = await memoryFs({ [MEMORY_JSON_PATH]: serializeMemory(many(25_000)) });
    const read = await readMemory(fs, MEMORY_JSON_PATH, { maxFacts: 100 });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.memory.facts).toHaveLength(100);
    expect(read.memory.facts[0]!.id).toBe('f24900');
    expect(read.cut).toEqual({
      total: 25_000,
      dropped: 24_900,
      message:
        'memory.json holds 25,000 facts, more than the limit of 100 (Settings → Maximum facts): the 24,900 with the lowest confidence are left out: not shown, not sent to the model, and removed from the file at the next change.',
    });
    // Within the limit: nothing cut, nothing said.
    const within = await readMemory(fs, MEMORY_JSON_PATH, { maxFacts: 25_000 });
    expect(within.ok && within.cut).toBeUndefined();
  });

  it('injects at most maxFacts and writes back at most maxFacts on the next change', async () => {
    const fs = await memoryFs({ [MEMORY_JSON_PATH]: serializeMemory(many(2_000)) });
    let max = 1_000;
    const load = createMemoryLoader(fs, MEMORY_JSON_PATH, () => max);
    const loaded = await load();
    expect('facts' in loaded && loaded.facts.length).toBe(1_000);
    max = 10;
    const smaller = await load();
    expect('facts' in smaller && smaller.facts.length).toBe(10);

    const result = await modifyMemory(
      fs,
      (memory) => ({ ...memory, facts: memory.facts.filter((f) => f.id !== 'f1999') }),
      { maxFacts: 10 },
    );
    expect(result.status).toBe('written');
    const after = await readMemory(fs);
    expect(after.ok && after.memory.facts.map((f) => f.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `f${1989 + i}`),
    );
  });
});
