import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { threadToJsonl } from '../bundle/jsonl';
import { ArenaInputError } from './errors';
import { parseTranscriptFile } from './parse';
import { transcriptTurns } from './transcript';

const LOCOMO = '/work/shared/data/locomo/26.json';

const thread = {
  id: 'thread_1',
  title: 'Trip',
  workspace: 'default',
  createdAt: 1,
  updatedAt: 2,
  state: {},
  calls: [],
  memoryEdits: [],
  messages: [
    { role: 'user' as const, id: 'm1', content: 'I fly to Oslo on Monday.', createdAt: 1 },
    { role: 'assistant' as const, id: 'm2', content: 'Have a good trip.', createdAt: 2 },
    { role: 'user' as const, id: 'm3', content: 'When do I fly?', createdAt: 3 },
    { role: 'assistant' as const, id: 'm4', content: 'On Monday.', createdAt: 4 },
  ],
};

const refused = (name: string, text: string) => {
  try {
    parseTranscriptFile(name, text);
  } catch (error) {
    expect(error).toBeInstanceOf(ArenaInputError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('transcript files', () => {
  it('reads a thread JSONL, with probes from the header when present', () => {
    const jsonl = threadToJsonl(thread);
    const plain = parseTranscriptFile('trip.jsonl', jsonl);
    expect(plain.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(plain.probes).toEqual([]);
    const lines = jsonl.split('\n');
    const header = JSON.parse(lines[0]!);
    header.arenaProbes = [{ question: 'Where do I fly?', answer: 'Oslo', evidence: ['m1'], at: 1 }];
    const withProbes = parseTranscriptFile(
      'trip.jsonl',
      [JSON.stringify(header), ...lines.slice(1)].join('\n'),
    );
    expect(withProbes.probes).toEqual([
      { id: 'p1', question: 'Where do I fly?', expected: 'Oslo', evidence: ['m1'], at: 1 },
    ]);
  });

  it('refuses bad files naming the line or field, and states the size cap', () => {
    expect(refused('x.jsonl', '{"type":"thread"\nnot json')).toMatch(/x\.jsonl line 1/);
    const lines = threadToJsonl(thread).split('\n');
    expect(
      refused('x.jsonl', [lines[0], '{"type":"message","role":"user"}', ''].join('\n')),
    ).toMatch(/line 2: invalid message/);
    const header = JSON.parse(lines[0]!);
    header.arenaProbes = [{ question: 'Where?', evidence: ['nope'] }];
    expect(refused('x.jsonl', [JSON.stringify(header), ...lines.slice(1)].join('\n'))).toMatch(
      /line 1: arenaProbes\[0\]\.evidence: no message has the id "nope"/,
    );
    header.arenaProbes = [{ evidence: ['m1'] }];
    expect(refused('x.jsonl', [JSON.stringify(header), ...lines.slice(1)].join('\n'))).toMatch(
      /arenaProbes\[0\]\.question is missing/,
    );
    expect(refused('notes.txt', 'hello there')).toMatch(/notes\.txt line 1: not a thread JSONL/);
    expect(refused('big.json', 'x'.repeat(10))).toBeTruthy();
    expect(() => parseTranscriptFile('big.json', '{}', 21 * 1024 * 1024)).toThrow(/at most 20 MB/);
    expect(refused('l.json', '{"speaker_a":"A","speaker_b":"B"}')).toMatch(
      /field session_1 is missing/,
    );
    const locomo = JSON.parse(readFileSync(LOCOMO, 'utf8'));
    delete locomo.qa[3].evidence;
    expect(refused('l.json', JSON.stringify(locomo))).toMatch(/field qa\[3\]\.evidence is missing/);
    const noText = JSON.parse(readFileSync(LOCOMO, 'utf8'));
    delete noText.session_2[4].text;
    expect(refused('l.json', JSON.stringify(noText))).toMatch(
      /field session_2\[4\]\.text is missing/,
    );
    expect(refused('l.json', '{"speaker_a": "A",\n  "speaker_b": }')).toMatch(/l\.json line 2/);
  });

  it('imports LoCoMo conversation 26: probes from qa (adversarial left out), evidence by dia id, dated sessions', () => {
    const raw = JSON.parse(readFileSync(LOCOMO, 'utf8'));
    const t = parseTranscriptFile('26.json', readFileSync(LOCOMO, 'utf8'));
    expect(t.source).toBe('locomo');
    expect(t.messages).toHaveLength(419);
    expect(t.messages[0]).toMatchObject({
      role: 'user',
      id: 'D1:1',
      createdAt: Date.UTC(2023, 4, 8, 13, 56),
    });
    expect(t.messages[1]).toMatchObject({ role: 'assistant', id: 'D1:2' });
    // 199 questions, 47 adversarial: 152 remain, 2 of them with an empty evidence list (left out,
    // said in the note); one lists "D8:6; D9:17" in one string (split).
    const nonAdversarial = raw.qa.filter((q: { category: number }) => q.category !== 5).length;
    expect(nonAdversarial).toBe(152);
    expect(t.probes).toHaveLength(150);
    expect(t.note).toMatch(/47 adversarial questions left out/);
    expect(t.note).toMatch(/2 questions without usable evidence left out/);
    expect(t.probes.some((p) => p.evidence.join() === 'D8:6,D9:17')).toBe(true);
    const first = t.probes[0]!;
    expect(first).toMatchObject({
      question: raw.qa[0].question,
      evidence: ['D1:3'],
      expected: '7 May 2023',
      category: 'temporal',
    });
    expect(t.probes.find((p) => p.question === raw.qa[2].question)!.evidence).toEqual([
      'D1:9',
      'D1:11',
    ]);
    const turns = transcriptTurns(t).length;
    expect(t.probes.every((p) => p.at === turns)).toBe(true);
  });
});

// Issue 18, finding 6: a transcript record the worker could not take (a 100,000-deep array) left
// the run "running" with no error, and Stop did not recover it.
describe('transcripts are bounded and plain', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('refuses a record nested 100,000 deep, naming the line and the limit', () => {
    const lines = threadToJsonl(thread).trimEnd().split('\n');
    lines[2] = lines[2]!.replace(/}$/, `,"extra":${deep(100_000)}}`);
    const message = refused('deep.jsonl', `${lines.join('\n')}\n`);
    expect(message).toMatch(
      /^deep\.jsonl line 3, column \d+: arrays and objects are nested more than 64 levels deep; the limit is 64\.$/,
    );
    // A LoCoMo file the same.
    expect(refused('deep.json', `{"speaker_a":"A","x":${deep(100_000)}}`)).toMatch(
      /deep\.json line 1, column \d+: arrays and objects are nested more than 64 levels deep/,
    );
    // Nesting inside strings is text, not depth.
    const inText = threadToJsonl({
      ...thread,
      messages: [
        { ...thread.messages[0]!, content: '['.repeat(1_000) },
        ...thread.messages.slice(1),
      ],
    });
    expect(parseTranscriptFile('text.jsonl', inText).messages[0]!.content).toBe('['.repeat(1_000));
  });

  it('keeps only the fields a replay reads', () => {
    const lines = threadToJsonl(thread).trimEnd().split('\n');
    lines[1] = lines[1]!.replace(/}$/, ',"extra":{"nested":[[[1]]]},"usage":{"inputTokens":1}}');
    const transcript = parseTranscriptFile('extra.jsonl', `${lines.join('\n')}\n`);
    expect(transcript.messages[0]).toEqual({
      role: 'user',
      id: 'm1',
      content: 'I fly to Oslo on Monday.',
      createdAt: 1,
    });
    // What is handed to the worker survives a structured clone unchanged.
    expect(structuredClone(transcript)).toEqual(transcript);
  });

  it('refuses more messages than the limit', () => {
    const many = Array.from({ length: 100_002 }, (_, i) => ({
      role: (i % 2 === 0 ? 'user' : 'assistant') as 'user' | 'assistant',
      id: `m${i}`,
      content: 'x',
      createdAt: i,
    }));
    expect(refused('many.jsonl', threadToJsonl({ ...thread, messages: many }))).toMatch(
      /messages: 100,002 messages; at most 100,000 can be replayed\./,
    );
  });
});
