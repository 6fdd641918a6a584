import { describe, expect, it } from 'vitest';
import { memoryFs } from '../../../../tests/fixtures/agent';
import { FsError } from '../../fs/types';
import { emptyMemory, parseMemoryJson, scanJson, validateMemory, type MemoryJson } from './schema';
import { MEMORY_JSON_PATH, modifyMemory, readMemory, serializeMemory, writeMemory } from './store';

/** A memory.json as DeerFlow writes it (json.dump indent=2), with an extra key of a later version. */
const DEERFLOW_FILE = `{
  "version": "1.0",
  "lastUpdated": "2026-02-04T12:44:26Z",
  "user": {
    "workContext": {
      "summary": "Core contributor to DeerFlow; works with Python, LangGraph and Next.js.",
      "updatedAt": "2026-02-04T12:44:26Z"
    },
    "personalContext": {
      "summary": "Bilingual in Chinese and English.",
      "updatedAt": "2026-02-04T12:44:26Z"
    },
    "topOfMind": {
      "summary": "",
      "updatedAt": ""
    }
  },
  "history": {
    "recentMonths": {
      "summary": "Worked on memory injection with TF-IDF ranking.",
      "updatedAt": "2026-02-04T12:44:26Z"
    },
    "earlierContext": {
      "summary": "",
      "updatedAt": ""
    },
    "longTermBackground": {
      "summary": "",
      "updatedAt": ""
    }
  },
  "facts": [
    {
      "id": "fact_1a2b3c4d",
      "content": "Prefers pytest for testing Python code",
      "category": "preference",
      "confidence": 0.95,
      "createdAt": "2026-02-04T12:44:26Z",
      "source": "thread-1"
    },
    {
      "id": "fact_5e6f7a8b",
      "content": "Uses Docker for containerization",
      "category": "knowledge",
      "confidence": 0.8,
      "createdAt": "2026-02-04T12:44:26Z",
      "source": "thread-1",
      "sourceError": null
    }
  ]
}
`;

function withFact(fact: string): string {
  return DEERFLOW_FILE.replace(
    '"source": "thread-1",\n      "sourceError": null\n    }\n  ]',
    `"source": "thread-1",\n      "sourceError": null\n    },\n${fact}\n  ]`,
  );
}

function problemsOf(text: string) {
  const result = parseMemoryJson(text);
  if (result.ok) throw new Error('expected the file to be rejected');
  return result;
}

describe('memory.json schema', () => {
  it('accepts a DeerFlow file and keeps unknown keys', () => {
    const result = parseMemoryJson(DEERFLOW_FILE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.memory.facts).toHaveLength(2);
    expect(result.memory.facts[0]).toMatchObject({ id: 'fact_1a2b3c4d', confidence: 0.95 });
    expect(result.memory.user.workContext.summary).toContain('DeerFlow');
    expect(result.memory.facts[1]?.sourceError).toBeNull();
    // A round trip writes the same JSON back.
    expect(JSON.parse(serializeMemory(result.memory))).toEqual(JSON.parse(DEERFLOW_FILE));
  });

  it('fills missing sections and fields with DeerFlow defaults', () => {
    const result = parseMemoryJson(
      '{"facts":[{"id":"f1","content":"Likes tea","category":"preference","confidence":0.9}]}',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.memory.version).toBe('1.0');
    expect(result.memory.history.longTermBackground).toEqual({ summary: '', updatedAt: '' });
    expect(result.memory.facts[0]).toMatchObject({ createdAt: '', source: 'unknown' });
  });

  it('treats a blank file as empty memory', () => {
    expect(parseMemoryJson('  \n')).toEqual({ ok: true, memory: emptyMemory() });
  });

  it('reports an out-of-range confidence with its line and field', () => {
    const text = DEERFLOW_FILE.replace('"confidence": 0.8', '"confidence": 1.5');
    const result = problemsOf(text);
    const line = text.split('\n').findIndex((l) => l.includes('1.5')) + 1;
    expect(result.problems[0]).toMatchObject({
      line,
      path: 'facts[1].confidence',
      message: 'expected a number between 0 and 1',
    });
    expect(result.error).toContain(
      `line ${line}, column 21: facts[1].confidence: expected a number between 0 and 1`,
    );
  });

  it('rejects a negative, a string and a missing confidence', () => {
    const negative = problemsOf(DEERFLOW_FILE.replace('"confidence": 0.8', '"confidence": -0.1'));
    expect(negative.problems[0]?.path).toBe('facts[1].confidence');
    const text = problemsOf(DEERFLOW_FILE.replace('"confidence": 0.8', '"confidence": "high"'));
    expect(text.problems[0]?.message).toBe('expected a number between 0 and 1');
    const missingText = DEERFLOW_FILE.replace('      "confidence": 0.8,\n', '');
    const missing = problemsOf(missingText);
    expect(missing.problems[0]?.path).toBe('facts[1].confidence');
    expect(missing.problems[0]?.message).toBe('missing (expected a number between 0 and 1)');
    // A missing field points at the object that lacks it.
    const objectLine = missingText.split('\n').findIndex((l) => l.includes('fact_5e6f7a8b'));
    expect(missing.problems[0]?.line).toBe(objectLine);
  });

  it('rejects NaN, both in the file and in a value validated in memory', () => {
    const inFile = problemsOf(DEERFLOW_FILE.replace('"confidence": 0.8', '"confidence": NaN'));
    expect(inFile.error).toContain('not valid JSON');
    expect(inFile.problems[0]?.message).toMatch(/NaN/);
    const memory = structuredClone(parseMemoryJson(DEERFLOW_FILE)) as {
      ok: true;
      memory: MemoryJson;
    };
    memory.memory.facts[0]!.confidence = Number.NaN;
    const validated = validateMemory(memory.memory);
    expect(validated.ok).toBe(false);
  });

  it('reports the fourth fact of a hand-edited file as facts[3]', () => {
    const text = withFact(
      [
        '    {',
        '      "id": "f3",',
        '      "content": "Lives in Lyon",',
        '      "category": "context",',
        '      "confidence": 0.9',
        '    },',
        '    {',
        '      "id": "f4",',
        '      "content": "Knows Rust",',
        '      "category": "skill",',
        '      "confidence": 2',
        '    }',
      ].join('\n'),
    );
    const result = problemsOf(text);
    const lines = text.split('\n');
    expect(result.problems.map((p) => [p.line, p.path])).toEqual([
      [lines.findIndex((l) => l.includes('"skill"')) + 1, 'facts[3].category'],
      [lines.findIndex((l) => l.includes('"confidence": 2')) + 1, 'facts[3].confidence'],
    ]);
    expect(result.problems[0]?.message).toBe(
      'expected one of preference, knowledge, context, behavior, goal',
    );
  });

  it('reports JSON syntax errors with line and column', () => {
    const trailing = problemsOf('{\n  "facts": [\n    1,\n  ]\n}');
    expect(trailing.problems[0]).toMatchObject({
      line: 4,
      column: 3,
      message: 'trailing comma before ]',
    });
    const missingComma = problemsOf('{\n  "version": "1.0"\n  "facts": []\n}');
    expect(missingComma.problems[0]).toMatchObject({ line: 3, column: 3 });
    expect(missingComma.error).toContain("expected ',' or '}'");
    const unterminated = problemsOf('{\n  "version": "1.0\n}');
    expect(unterminated.problems[0]?.line).toBe(2);
    const single = problemsOf("{'version': '1.0'}");
    expect(single.problems[0]?.message).toContain('double quotes');
    expect(problemsOf('{"a": 1} x').problems[0]?.message).toContain('after the end');
  });

  it('rejects duplicate fact ids and wrong types with their paths', () => {
    const duplicate = problemsOf(DEERFLOW_FILE.replace('fact_5e6f7a8b', 'fact_1a2b3c4d'));
    expect(duplicate.problems[0]?.path).toBe('facts[1].id');
    const wrong = problemsOf(
      DEERFLOW_FILE.replace('"summary": "Bilingual in Chinese and English."', '"summary": 42'),
    );
    expect(wrong.problems[0]).toMatchObject({
      path: 'user.personalContext.summary',
      message: 'expected a string',
    });
    expect(problemsOf('[]').problems[0]?.message).toBe('expected an object');
  });

  it('scans exactly what JSON.parse accepts on samples', () => {
    const samples = [
      '{}',
      '[]',
      '"a"',
      '1e5',
      '-0.5',
      'true',
      '{"a":[1,{"b":null}]}',
      '"\\u00e9\\n"',
      '01',
      '1.',
      '{"a":1,}',
      '[1 2]',
      '"\\x"',
      ' ',
    ];
    for (const sample of samples) {
      let parses = true;
      try {
        JSON.parse(sample);
      } catch {
        parses = false;
      }
      expect(scanJson(sample).ok, sample).toBe(parses);
    }
  });
});

describe('memory.json store', () => {
  it('reads a missing file as empty memory with version null', async () => {
    const fs = await memoryFs();
    expect(await readMemory(fs)).toEqual({ ok: true, memory: emptyMemory(), version: null });
  });

  it('writes with the version read and refuses to clobber a concurrent edit', async () => {
    const fs = await memoryFs();
    const memory = emptyMemory('2026-01-01T00:00:00Z');
    const first = await writeMemory(fs, memory, { expectedVersion: null });
    expect(first.version).toBe(1);
    const read = await readMemory(fs);
    expect(read).toMatchObject({ ok: true, version: 1 });
    // Someone else edits the file in between.
    await fs.write(MEMORY_JSON_PATH, serializeMemory({ ...memory, lastUpdated: 'x' }), {
      expectedVersion: 1,
    });
    await expect(writeMemory(fs, memory, { expectedVersion: 1 })).rejects.toBeInstanceOf(FsError);
  });

  it('never writes an invalid memory', async () => {
    const fs = await memoryFs();
    const memory = emptyMemory();
    memory.facts.push({
      id: 'a',
      content: 'x',
      category: 'goal',
      confidence: 7,
      createdAt: '',
      source: '',
    });
    await expect(writeMemory(fs, memory, { expectedVersion: null })).rejects.toThrow(/confidence/);
    expect(await fs.read(MEMORY_JSON_PATH).catch(() => undefined)).toBeUndefined();
  });

  it('reports an invalid file instead of overwriting it', async () => {
    const fs = await memoryFs({ [MEMORY_JSON_PATH]: '{"facts": [}' });
    const read = await readMemory(fs);
    expect(read.ok).toBe(false);
    const modified = await modifyMemory(fs, (m) => ({ ...m, lastUpdated: 'now' }));
    expect(modified.status).toBe('invalid');
    expect((await fs.read(MEMORY_JSON_PATH))?.content).toBe('{"facts": [}');
  });

  it('re-applies a change after a conflict', async () => {
    const fs = await memoryFs({ [MEMORY_JSON_PATH]: serializeMemory(emptyMemory()) });
    let calls = 0;
    const result = await modifyMemory(fs, (memory) => {
      calls++;
      if (calls === 1) {
        // A concurrent writer gets in between this read and the write.
        void fs.write(
          MEMORY_JSON_PATH,
          serializeMemory({ ...memory, version: '1.0', lastUpdated: 'other' }),
        );
      }
      return {
        ...memory,
        user: { ...memory.user, topOfMind: { summary: 'Tests', updatedAt: 't' } },
      };
    });
    expect(calls).toBe(2);
    expect(result.status).toBe('written');
    const read = await readMemory(fs);
    expect(read.ok && read.memory.lastUpdated).toBe('other');
    expect(read.ok && read.memory.user.topOfMind.summary).toBe('Tests');
  });
});

describe('nesting depth', () => {
  it('refuses memory.json nested deeper than the limit with its line, instead of overflowing', () => {
    const deep = `{"facts":[],"extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const result = parseMemoryJson(deep);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        /line 1, column \d+: arrays and objects are nested more than 64 levels deep; the limit is 64/,
      );
  });
});
