import { describe, expect, it } from 'vitest';
import { memoryFs } from '../../agent/test-helpers';
import { emptyMemory } from './schema';
import { createMemoryLoader, MEMORY_JSON_PATH, serializeMemory } from './store';

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
        '{\n  "facts": [{"id": "a", "content": "x", "category": "preference", "confidence": 7}]\n}',
    });
    const result = await createMemoryLoader(fs)();
    expect('error' in result && result.error).toMatch(/line 2.*confidence/);
    expect(await createMemoryLoader(await memoryFs({}))()).toMatchObject({ facts: [] });
  });
});
