import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../agent/types';
import { createApproximateCounter } from '../tokens/counter';
import { autopsySession, type SourceCompaction } from './autopsy';
import { importedCallId, sessionTimeline } from './timeline';

const t0 = Date.UTC(2026, 9, 3, 10);
let seq = 0;
const user = (content: string): ModelMessage => ({
  role: 'user',
  id: `m${++seq}`,
  content,
  createdAt: t0 + seq * 1000,
});
const assistant = (content: string, extra: Partial<ModelMessage> = {}): ModelMessage =>
  ({
    role: 'assistant',
    id: `m${++seq}`,
    content,
    createdAt: t0 + seq * 1000,
    ...extra,
  }) as ModelMessage;

function session() {
  seq = 0;
  const messages: ModelMessage[] = [
    user(
      'Deploy the billing service. The invoice total was $12,480.55 and the config is /srv/billing/config.yaml.',
    ),
    assistant('I will edit /srv/billing/config.yaml and restart on port 8443.', {
      usage: { inputTokens: 1200, outputTokens: 40 },
    } as Partial<ModelMessage>),
    user('Also tell Priya the rollout is on 2026-10-05.'),
    assistant('Noted.'),
  ];
  const summary = {
    role: 'user',
    id: 'summary_cc_1',
    content: 'Summary: deploying billing; config in /srv/billing/config.yaml; rollout 2026-10-05.',
    createdAt: t0 + 10_000,
  } as ModelMessage;
  messages.push(summary, user('What was the invoice total?'), assistant('I no longer have it.'));
  const compactions: SourceCompaction[] = [
    {
      at: 4,
      summary: summary.content,
      summaryMessageId: summary.id,
      tokensBefore: 151_234,
      trigger: 'auto',
    },
  ];
  return { messages, compactions };
}

describe('compaction autopsy', () => {
  it('lists a planted amount before the boundary as lost, and what the summary kept as kept', () => {
    const { messages, compactions } = session();
    const autopsy = autopsySession({ source: 'Claude Code', messages, compactions });
    expect(autopsy.compactions).toHaveLength(1);
    const { record } = autopsy.compactions[0]!;
    const lost = record.lost.map((s) => s.text);
    const kept = record.kept.map((s) => s.text);
    expect(lost).toContain('$12,480.55');
    expect(lost).toContain('8443');
    expect(kept).toContain('/srv/billing/config.yaml');
    expect(autopsy.headline).toBe(
      `Claude Code's compaction kept ${autopsy.retention.retained} of ${autopsy.retention.specifics} specifics`,
    );
    expect(autopsy.totals.lost).toBeGreaterThanOrEqual(2);
    expect(autopsy.compactions[0]!.removedMessages).toBe(4);
  });

  it('uses the tokens the source recorded, and counts those it did not', () => {
    const { messages, compactions } = session();
    const counter = createApproximateCounter();
    const [one] = autopsySession(
      { source: 'Claude Code', messages, compactions },
      counter,
    ).compactions;
    expect(one!.tokensBefore).toBe(151_234);
    expect(one!.recordedTokens).toEqual({ before: true, after: false });
    expect(one!.tokensAfter).toBe(counter.count(compactions[0]!.summary));
  });

  it('says when the agent never compacted', () => {
    const { messages } = session();
    const autopsy = autopsySession({ source: 'Codex CLI', messages, compactions: [] });
    expect(autopsy.headline).toBe('Codex CLI never compacted this session');
    expect(autopsy.totals.total).toBe(0);
  });

  it('chains summaries: what the first summary held and the second dropped is lost at the second', () => {
    const { messages, compactions } = session();
    const second = {
      role: 'user',
      id: 'summary_cc_2',
      content: 'Summary: billing deployed.',
      createdAt: t0 + 20_000,
    } as ModelMessage;
    messages.push(second, user('thanks'));
    const all = [...compactions, { at: 7, summary: second.content, summaryMessageId: second.id }];
    const autopsy = autopsySession({ source: 'Claude Code', messages, compactions: all });
    expect(autopsy.compactions).toHaveLength(2);
    const lostAtSecond = autopsy.compactions[1]!.record.lost.map((s) => s.text);
    expect(lostAtSecond).toContain('/srv/billing/config.yaml');
    expect(autopsy.headline).toMatch(/^Claude Code's 2 compactions kept \d+ of \d+ specifics$/);
  });

  it('makes one call per assistant message with the recorded usage, and a marked summarize event', () => {
    const { messages, compactions } = session();
    const counter = createApproximateCounter();
    const autopsy = autopsySession({ source: 'Claude Code', messages, compactions }, counter);
    const timeline = sessionTimeline(messages, compactions, autopsy, counter, {
      provider: 'anthropic',
      model: 'claude-sonnet',
      contextWindow: 200_000,
    });
    expect(timeline.calls.map((c) => c.callId)).toEqual(['m2', 'm4', 'm6'].map(importedCallId));
    expect(timeline.calls[0]!.usage?.inputTokens).toBe(1200);
    // The call after the compaction carries the summary, and less conversation than before it.
    const [, beforeBoundary, afterBoundary] = timeline.calls;
    expect(afterBoundary!.estimate.summary).toBeGreaterThan(0);
    expect(afterBoundary!.estimate.messages).toBeLessThan(beforeBoundary!.estimate.messages + 50);
    expect(timeline.events).toHaveLength(1);
    expect(timeline.events[0]).toMatchObject({
      kind: 'summarize',
      callId: importedCallId('m6'),
      tokensBefore: 151_234,
    });
    expect(timeline.events[0]!.record?.lost.length).toBeGreaterThan(0);
  });
});
