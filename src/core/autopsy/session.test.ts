import { describe, expect, it } from 'vitest';
import { fixture } from '../../../tests/fixtures/sessions/read';
import { parseSession } from '../sessions/parse';
import { createApproximateCounter } from '../tokens/counter';
import { AS_RECORDED_LABEL, recordedBaselineOfThread } from './baseline';
import { sessionToThread } from '../sessions/to-thread';
import { autopsyOfImported, transcriptOfImported } from './session';

const planted = () =>
  parseSession(fixture('claude-code-planted.jsonl'), 'claude-code-planted.jsonl');

describe('the autopsy of an imported Claude Code session', () => {
  it("lists what was said before Claude Code's compact boundary and not in its summary as lost", () => {
    const result = autopsyOfImported(planted(), createApproximateCounter());
    expect(result.autopsy.compactions).toHaveLength(1);
    const [one] = result.autopsy.compactions;
    const lost = one!.record.lost.map((s) => s.text);
    expect(lost).toEqual(expect.arrayContaining(['$12,480.55', '8443', 'OPS-2291']));
    expect(one!.record.kept.map((s) => s.text)).toContain('scripts/export_billing.py');
    expect(one!.tokensBefore).toBe(162_480);
    expect(one!.recordedTokens.before).toBe(true);
    expect(one!.compaction.trigger).toBe('auto');
    expect(result.autopsy.headline).toMatch(/^Claude Code's compaction kept \d+ of \d+ specifics$/);
  });

  it('marks the compaction on the timeline at the first call after it, with its record', () => {
    const result = autopsyOfImported(planted(), createApproximateCounter());
    expect(result.timeline.calls).toHaveLength(5);
    expect(result.timeline.calls.every((c) => c.usage && c.usage.inputTokens > 0)).toBe(true);
    expect(result.timeline.events).toHaveLength(1);
    const [event] = result.timeline.events;
    expect(event).toMatchObject({ kind: 'summarize', tokensBefore: 162_480 });
    expect(event!.callId).toBe(result.timeline.calls[3]!.callId);
    expect(event!.detail).toMatch(/^Claude Code compacted the conversation: /);
    expect(event!.record?.lost.map((s) => s.text)).toContain('$12,480.55');
  });

  it('replays in the arena as the conversation without the summary, with its run as "As recorded"', () => {
    const session = planted();
    const result = autopsyOfImported(session, createApproximateCounter());
    const transcript = transcriptOfImported(session, result);
    expect(transcript.source).toBe('session');
    expect(transcript.messages[0]!.role).toBe('user');
    expect(transcript.messages.some((m) => m.content.includes('continued from a previous'))).toBe(
      false,
    );
    expect(transcript.recorded).toMatchObject({
      source: 'Claude Code',
      compactions: 1,
      calls: 5,
      recordedCalls: 5,
    });
    expect(transcript.recorded!.retention.specifics).toBeGreaterThan(0);
    expect(AS_RECORDED_LABEL).toBe('As recorded');
    // Deep Agents' trigger falls where the source compacted: the window is over the counted
    // conversation up to the boundary.
    expect(result.replayWindow).toBeGreaterThanOrEqual(4_000);
  });

  it('an imported thread gives the same "As recorded" as its session, from its calls and events', () => {
    const session = planted();
    const result = autopsyOfImported(session, createApproximateCounter());
    const thread = sessionToThread(session, { workspace: 'default' });
    expect(recordedBaselineOfThread(thread)).toBeUndefined();
    thread.calls = result.timeline.calls;
    thread.events = result.timeline.events;
    const fromThread = recordedBaselineOfThread(thread)!;
    expect(fromThread).toMatchObject({
      source: 'Claude Code',
      sent: result.baseline.sent,
      calls: 5,
      recordedSent: result.baseline.recordedSent,
      recordedCalls: 5,
      compactions: 1,
    });
    expect(fromThread.retention).toEqual(result.baseline.retention);
    expect(fromThread.replayWindow).toBeGreaterThanOrEqual(4_000);
  });
});
