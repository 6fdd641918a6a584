import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../agent/types';
import { answerPresent, contextText, scoreProbe } from './evidence';
import { runToCsv, runToJson } from './export';
import type { ArenaRun } from './results';
import type { Probe } from './transcript';

const request = (system: string, messages: string[]): ModelRequest => ({
  model: 'm',
  system,
  tools: [],
  messages: messages.map((content, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    id: `m${i}`,
    content,
    createdAt: i,
  })) as ModelRequest['messages'],
});

const texts: Record<string, string> = {
  e1: 'I moved to   Lisbon in May.',
  e2: 'My cat is called Miso.',
};
const probe = (over: Partial<Probe> = {}): Probe => ({
  id: 'p',
  question: 'Where did I move and what is my cat called?',
  evidence: ['e1', 'e2'],
  at: 1,
  ...over,
});

describe('probe scoring', () => {
  it('counts evidence present verbatim (whitespace and case aside), as a fraction', () => {
    const ctx = contextText(request('sys', ['i moved to lisbon in may.', 'ok', 'the question']));
    expect(scoreProbe(probe(), ctx, (id) => texts[id])).toEqual({
      score: 0.5,
      foundBy: 'verbatim',
      present: ['e1'],
      missing: ['e2'],
    });
  });

  it('never searches the probe question itself (the last user message)', () => {
    const ctx = contextText(request('sys', ['My cat is called Miso.']));
    expect(ctx).not.toContain('miso');
    expect(scoreProbe(probe({ evidence: ['e2'] }), ctx, (id) => texts[id]).foundBy).toBe('missing');
  });

  it('counts a probe found when its expected answer appears as whole words (derived memory)', () => {
    const ctx = contextText(request('Running summary:\n- User has a cat named Miso.', ['q']));
    expect(
      scoreProbe(probe({ evidence: ['e2'], expected: 'Miso' }), ctx, (id) => texts[id]),
    ).toMatchObject({
      score: 1,
      foundBy: 'answer',
    });
    expect(answerPresent('misogyny is not a name', 'Miso')).toBe(false);
    expect(answerPresent('the answer is no', 'no')).toBe(false); // under 3 characters never counts
  });
});

describe('export', () => {
  const run: ArenaRun = {
    id: 'r',
    createdAt: 0,
    mode: 'offline',
    model: 'gpt-4o',
    partial: true,
    transcript: {
      id: 't',
      title: 't',
      source: 'scenario',
      messages: [],
      probes: [{ id: 'p1', question: '=cmd()', evidence: ['u1'], at: 1 }],
    },
    runs: [
      {
        key: 'sequential',
        label: 'Sequential',
        selection: { id: 'sequential', settings: {} },
        turns: [
          {
            turn: 1,
            calls: 1,
            sections: { Messages: 10, 'System prompt': 5 },
            sent: 15,
            cumulative: 15,
            extraCalls: 0,
            extraInput: 0,
            extraOutput: 0,
            failures: [],
          },
        ],
        probes: [{ probeId: 'p1', score: 0, foundBy: 'missing', present: [], missing: ['u1'] }],
        totalTurns: 2,
        partial: true,
        answeredBy: 'none',
        cache: { hits: 0, misses: 0 },
        wallMs: 1,
        retention: { specifics: 4, retained: 3, removals: 2 },
      },
    ],
  };

  it('writes every turn with its section tokens and every probe outcome; formulas neutralised', () => {
    const lines = runToCsv(run).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('section:Messages');
    expect(lines[0]).toContain('section:System prompt');
    expect(lines[1]).toMatch(/^turn,sequential,Sequential,\{\},1,1,15,15,0,0,0,,10,5,/);
    expect(lines[1]).toMatch(/,true,,,$/);
    expect(lines[2]).toContain("p1,'=cmd(),1,0.000,missing,u1");
    // The flight recorder's "Specifics kept" per strategy: removed, kept or recoverable, share.
    expect(lines[0]).toMatch(
      /,specifics_removed,specifics_kept_or_recoverable,specifics_kept_share$/,
    );
    expect(lines[3]).toMatch(/^strategy,sequential,Sequential,\{\},.*,true,4,3,0\.750$/);
    expect(JSON.parse(runToJson(run))).toMatchObject({
      format: 'memory-playground-arena-run',
      partial: true,
      runs: [{ specificsKept: 0.75, retention: { specifics: 4, retained: 3 } }],
    });
  });
});
