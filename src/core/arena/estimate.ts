// What a run with a real provider will spend before it starts: the strategies' extra model calls
// (one per turn for extraction and compression, one per threshold of messages for summary merges)
// and roughly how many tokens they send and receive (prompt ~ the turn's dialogue + instructions).

import { getStrategy } from '../strategies/registry';
import { dialogue } from '../strategies/turns';
import type { ArenaEntry } from './arena';
import { transcriptTurns, type Transcript } from './transcript';

const PROMPT_OVERHEAD = 120;
const ANSWER_TOKENS = 60;

export interface CostEstimate {
  calls: number;
  tokens: number;
  perEntry: { key: string; calls: number; tokens: number }[];
}

export function estimateCost(
  transcript: Transcript,
  entries: readonly ArenaEntry[],
  count: (text: string) => number = (t) => Math.ceil(t.length / 4),
  ask = false,
): CostEstimate {
  const turns = transcriptTurns(transcript);
  const turnTokens = turns.map(
    (t) =>
      count(
        dialogue(t)
          .map((m) => m.content)
          .join('\n'),
      ) + PROMPT_OVERHEAD,
  );
  const perEntry = entries.map((entry) => {
    const strategy = getStrategy(entry.selection.id);
    if (!strategy.usesModel) return { key: entry.key, calls: 0, tokens: 0 };
    if (entry.selection.id === 'summarization') {
      const threshold = Number(entry.selection.settings.threshold ?? 4) || 4;
      const calls = Math.floor((turns.length * 2) / threshold);
      // Each merge sends the buffer and the summary so far (capped by the stand-in at ~40 lines).
      const buffer = (threshold / 2) * average(turnTokens);
      return {
        key: entry.key,
        calls,
        tokens: Math.round(calls * (buffer + 600 + ANSWER_TOKENS * 4)),
      };
    }
    const tokens = turnTokens.reduce((n, t) => n + t + ANSWER_TOKENS, 0);
    return { key: entry.key, calls: turns.length, tokens };
  });
  if (ask) {
    // One question per probe with an expected answer and strategy, with about that strategy's context.
    const asked = transcript.probes.filter((p) => p.expected !== undefined).length;
    const context = Math.min(
      turnTokens.reduce((a, b) => a + b, 0),
      8000,
    );
    for (const e of perEntry) {
      e.calls += asked;
      e.tokens += asked * (context + 100);
    }
  }
  return {
    calls: perEntry.reduce((n, e) => n + e.calls, 0),
    tokens: perEntry.reduce((n, e) => n + e.tokens, 0),
    perEntry,
  };
}

function average(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}
