import { describe, expect, it } from 'vitest';
import { createApproximateCounter } from '../tokens/counter';
import { defaultSelection } from '../strategies/registry';
import { runArena } from './arena';
import { createStepCache } from './cache';
import { SCENARIOS } from './scenarios';
import { checkTranscript, transcriptTurns, type Transcript } from './transcript';
import { totalsOf } from './results';

const turn = (n: number, user: string, answer: string) => [
  { role: 'user' as const, id: `u${n}`, content: user, createdAt: n * 1000 },
  { role: 'assistant' as const, id: `a${n}`, content: answer, createdAt: n * 1000 + 1 },
];

/** Turn 1 holds the needle; turns 2–5 are filler that shares no word with the question. */
const tiny: Transcript = {
  id: 'tiny',
  title: 'tiny',
  source: 'scenario',
  messages: [
    ...turn(1, 'The spare key is hidden under the blue flowerpot.', 'Noted.'),
    ...turn(2, 'Tell me a joke.', 'Why did the chicken cross the road?'),
    ...turn(3, 'What is two plus two?', 'Four.'),
    ...turn(4, 'Name a colour of the sky at dusk.', 'Orange.'),
    ...turn(5, 'Thanks for chatting.', 'Any time.'),
  ],
  probes: [{ id: 'needle', question: 'Where is the spare key hidden?', evidence: ['u1'], at: 5 }],
};

async function run(
  transcript: Transcript,
  entries: { key: string; selection: ReturnType<typeof defaultSelection> }[],
) {
  const counter = createApproximateCounter();
  return runArena({
    transcript,
    entries: entries.map((e) => ({ ...e, label: e.key })),
    counter,
    signal: new AbortController().signal,
  });
}

describe('arena replay', () => {
  it('sequential always finds the evidence; sliding window 1 misses the early needle; retrieval finds it', async () => {
    const window1 = defaultSelection('sliding-window');
    window1.settings = { ...window1.settings, windowTurns: 1 };
    const runs = await run(tiny, [
      { key: 'seq', selection: defaultSelection('sequential') },
      { key: 'win1', selection: window1 },
      { key: 'ret', selection: defaultSelection('retrieval') },
    ]);
    const [seq, win, ret] = runs;
    expect(seq!.probes[0]).toMatchObject({ score: 1, foundBy: 'verbatim', present: ['u1'] });
    expect(win!.probes[0]).toMatchObject({ score: 0, foundBy: 'missing', missing: ['u1'] });
    expect(ret!.probes[0]).toMatchObject({ score: 1, foundBy: 'verbatim' });
    // Every turn replayed, with one model call each; sequential sends the most.
    for (const r of runs) {
      expect(r.turns).toHaveLength(5);
      expect(r.partial).toBe(false);
      expect(r.turns.every((t) => t.calls === 1 && t.sent > 0)).toBe(true);
    }
    expect(totalsOf(seq!).sent).toBeGreaterThan(totalsOf(win!).sent);
    // Sliding window 1 after turn 5 carries turn 5 only: the needle is not in its probe context.
    const context = win!.probes[0]!.context!;
    expect(context.messages).toEqual([{ ref: [8, 9] }]);
  });

  it('a window of 1 keeps only the previous turn as messages (hand-computed turn shapes)', async () => {
    const window1 = defaultSelection('sliding-window');
    window1.settings = { ...window1.settings, windowTurns: 1 };
    const [seq, win] = await run(tiny, [
      { key: 'seq', selection: defaultSelection('sequential') },
      { key: 'win1', selection: window1 },
    ]);
    // Turn 1 sends the same for both (nothing to drop); from turn 3 the window sends less.
    expect(win!.turns[0]!.sent).toBe(seq!.turns[0]!.sent);
    expect(win!.turns[1]!.sent).toBe(seq!.turns[1]!.sent);
    expect(win!.turns[2]!.sent).toBeLessThan(seq!.turns[2]!.sent);
    expect(seq!.turns[4]!.cumulative).toBe(seq!.turns.reduce((n, t) => n + t.sent, 0));
  });

  it('counts model steps as extra calls, answers them once per input (cache), and says offline', async () => {
    const counter = createApproximateCounter();
    const cache = createStepCache();
    const entries = [{ key: 'c', label: 'c', selection: defaultSelection('compression') }];
    const first = await runArena({
      transcript: tiny,
      entries,
      counter,
      cache,
      signal: new AbortController().signal,
    });
    expect(totalsOf(first[0]!).extraCalls).toBe(5);
    expect(first[0]!.answeredBy).toBe('offline');
    expect(first[0]!.cache).toEqual({ hits: 0, misses: 5 });
    const second = await runArena({
      transcript: tiny,
      entries,
      counter,
      cache,
      signal: new AbortController().signal,
    });
    expect(second[0]!.cache).toEqual({ hits: 5, misses: 0 });
  });

  it('a stopped run keeps the turns it measured and is marked partial', async () => {
    const controller = new AbortController();
    const runs = await runArena({
      transcript: tiny,
      entries: [{ key: 'seq', label: 'seq', selection: defaultSelection('sequential') }],
      counter: createApproximateCounter(),
      signal: controller.signal,
      onProgress: (_key, done) => {
        if (done === 2) controller.abort();
      },
    });
    expect(runs[0]!.turns).toHaveLength(2);
    expect(runs[0]!.partial).toBe(true);
    expect(runs[0]!.probes).toHaveLength(0);
  });

  it('replays recorded tool calls with their recorded results', async () => {
    const coding = SCENARIOS.find((s) => s.id === 'scenario:coding-session')!;
    const [seq] = await run(coding, [{ key: 'seq', selection: defaultSelection('sequential') }]);
    expect(seq!.turns[1]!.calls).toBe(2); // the execute call, then the answer
    expect(seq!.turns[1]!.sections['Tool results']).toBeGreaterThan(0);
    expect(seq!.probes.every((p) => p.score === 1)).toBe(true);
  });
});

describe('built-in scenarios', () => {
  it('are valid, at least 12 turns each, with probes naming their evidence', () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(4);
    for (const s of SCENARIOS) {
      expect(checkTranscript(s)).toEqual([]);
      expect(transcriptTurns(s).length).toBeGreaterThanOrEqual(12);
      expect(s.probes.length).toBeGreaterThan(0);
    }
  });
});
