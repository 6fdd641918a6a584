// "Deep Agents + keep specifics" against plain Deep Agents, replayed on one conversation with the
// offline summarizer: the variant keeps more of the specifics its summaries remove.
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../agent/types';
import { runArena, selectionLabel } from '../arena/arena';
import type { Transcript } from '../arena/transcript';
import { DEFAULT_SETTINGS } from '../settings';
import { COMPACTION_PRESETS } from '../compaction/settings';
import { defaultSelection } from '../strategies/registry';
import { createApproximateCounter } from '../tokens/counter';

function transcript(): Transcript {
  const messages: ModelMessage[] = [];
  for (let i = 0; i < 24; i++) {
    messages.push({
      role: 'user',
      id: `u${i}`,
      content: `Step ${i + 1}: order ORD-${4100 + i} ships to room B-${200 + i} for $${(i + 3) * 117}.25 on 2026-0${(i % 9) + 1}-1${i % 10}. ${'Please keep working on the migration plan and the data checks. '.repeat(6)}`,
      createdAt: i * 2,
    });
    messages.push({
      role: 'assistant',
      id: `a${i}`,
      content: `Done with step ${i + 1}. ${'I checked the tables and the row counts match the source. '.repeat(6)}`,
      createdAt: i * 2 + 1,
    });
  }
  return { id: 't', title: 'orders', source: 'session', messages, probes: [] };
}

describe('Deep Agents + keep specifics', () => {
  it('is labelled as a variant and keeps more removed specifics than plain Deep Agents', async () => {
    const plain = defaultSelection('deep-agents');
    const variant = { ...plain, settings: { ...plain.settings, keepSpecifics: true } };
    expect(selectionLabel(variant)).toBe('Deep Agents + keep specifics');
    const runs = await runArena({
      transcript: transcript(),
      entries: [
        { key: 'plain', label: selectionLabel(plain), selection: plain },
        { key: 'keep', label: selectionLabel(variant), selection: variant },
      ],
      counter: createApproximateCounter(),
      signal: new AbortController().signal,
      settings: { ...DEFAULT_SETTINGS, compaction: { ...COMPACTION_PRESETS.stress } },
      contextWindow: 8_000,
      maxContexts: 0,
    });
    const [a, b] = runs.map((r) => r.retention!);
    expect(a!.removals).toBeGreaterThan(0);
    expect(b!.specifics).toBeGreaterThan(0);
    expect(b!.inContext! / b!.specifics).toBeGreaterThan(a!.inContext! / a!.specifics);
    console.log(JSON.stringify({ plain: a, keep: b }));
  }, 60_000);
});
