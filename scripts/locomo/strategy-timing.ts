// The time the shipped strategy's ranking takes per question on the longest conversation.

import { bm25Rank } from '../../src/core/harness/pipeline';
import { documents, rankDocuments } from '../../src/core/strategies/kinds/retrieval';
import type { StrategyEnv } from '../../src/core/strategies/types';
import type { ThreadConversation } from '../locomo-strategy';
import { shipped } from './strategy-common';

/** Per-question time of the shipped strategy's ranking on the longest conversation. */
export async function timing(threads: ThreadConversation[]) {
  const t = [...threads].sort((a, b) => b.messageCount - a.messageCount)[0];
  if (!t) return;
  const env: StrategyEnv = { rank: bm25Rank(), count: () => 0 };
  const docs = documents(t.turns, shipped.unit, shipped.dates);
  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < 5; round++) {
    // A fresh copy of the turns: the thread's ranker is keyed by its first message, so this
    // builds the index again (what the first call on a thread, or a thread switch, costs).
    const copy = t.turns.map((turn) => ({
      ...turn,
      messages: turn.messages.map((m) => ({ ...m })),
    }));
    const copyDocs = documents(copy, shipped.unit, shipped.dates);
    let started = performance.now();
    await rankDocuments(env, t.probes[0]!.question, copy, copyDocs, shipped);
    cold.push(performance.now() - started);
    for (const probe of t.probes) {
      started = performance.now();
      await rankDocuments(env, probe.question, t.turns, docs, shipped);
      warm.push(performance.now() - started);
    }
  }
  // The app's case: the thread grows by a turn between calls (the index is rebuilt from the
  // cached tokens of the messages it has seen).
  const growing: number[] = [];
  const half = t.turns.length >> 1;
  for (let n = half; n <= t.turns.length; n++) {
    const turns = t.turns.slice(0, n);
    const probe = t.probes[n % t.probes.length]!;
    const started = performance.now();
    await rankDocuments(
      env,
      probe.question,
      turns,
      documents(turns, shipped.unit, shipped.dates),
      shipped,
    );
    growing.push(performance.now() - started);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const p95 = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;
  console.log(
    `Timing, as shipped, conversation ${t.name} (${t.messageCount} messages): first call on the thread (index built) median ${median(cold).toFixed(1)} ms; each further question median ${median(warm).toFixed(2)} ms, p95 ${p95(warm).toFixed(2)} ms (${warm.length} questions); a thread growing by a turn per call (${growing.length} calls, ${t.turns[half]?.messages[0]?.id ?? ''} onwards, documents and ranking) median ${median(growing).toFixed(2)} ms, p95 ${p95(growing).toFixed(2)} ms. Node ${process.versions.node}.`,
  );
  console.log('');
}
