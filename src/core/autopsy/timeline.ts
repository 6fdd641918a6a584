// An imported session as the token chart reads a thread: one call record per assistant message
// (what its context held then, by section: the current summary, messages, tool results; the usage
// the source recorded, when it did) and a 'summarize' event with its Compaction record for every
// compaction the source agent made. Pure.

import type { ModelMessage } from '../agent/types';
import { recordLine } from '../recorder/record';
import type { ContextEvent, ModelCallRecord } from '../thread/thread';
import type { TokenCounter } from '../tokens/counter';
import { orderedCompactions, type SessionAutopsy, type SourceCompaction } from './autopsy';

export interface TimelineSetup {
  provider: string;
  model: string;
  contextWindow: number;
}

export interface SessionTimeline {
  calls: ModelCallRecord[];
  events: ContextEvent[];
}

/** The call ids of an imported session's assistant messages start with this. */
export const IMPORTED_CALL_PREFIX = 'imported_call_';
/** The call id an imported assistant message stands for. */
export const importedCallId = (messageId: string) => `${IMPORTED_CALL_PREFIX}${messageId}`;

/**
 * Calls and events for an imported session. The context of each call is estimated as the latest
 * summary plus every message since its compaction (the system prompt and tools are unknown and
 * count 0); the provider-reported usage is the source's own, when it recorded one.
 */
export function sessionTimeline(
  messages: readonly ModelMessage[],
  compactions: readonly SourceCompaction[],
  autopsy: SessionAutopsy,
  counter: TokenCounter,
  setup: TimelineSetup,
): SessionTimeline {
  const ordered = orderedCompactions(compactions, messages.length);
  const summaryIds = new Set(ordered.map((c) => c.summaryMessageId).filter(Boolean));
  const calls: ModelCallRecord[] = [];
  const events: ContextEvent[] = [];
  let summary = 0;
  let conversation = 0;
  let toolResults = 0;
  let next = 0;
  const boundaryAt = (i: number) => {
    while (next < ordered.length && ordered[next]!.at === i) {
      const compaction = ordered[next]!;
      const found = autopsy.compactions.find((c) => c.compaction === compaction);
      summary = counter.count(compaction.summary);
      conversation = 0;
      toolResults = 0;
      const kept = new Set(compaction.keptIds ?? []);
      for (const m of messages) if (kept.has(m.id)) conversation += counter.countMessage(m);
      const after = messages.slice(i).find((m) => m.role === 'assistant');
      events.push({
        id: `evt_import_${next}`,
        kind: 'summarize',
        at: compaction.time ?? messages[Math.min(i, messages.length - 1)]?.createdAt ?? 0,
        ...(after ? { callId: importedCallId(after.id) } : {}),
        ...(compaction.summaryMessageId ? { messageId: compaction.summaryMessageId } : {}),
        ...(found
          ? {
              tokensBefore: found.tokensBefore,
              tokensAfter: found.tokensAfter,
              detail: `${autopsy.source} compacted the conversation: ${recordLine(found.record)}`,
              record: found.record,
            }
          : { detail: `${autopsy.source} compacted the conversation` }),
      });
      next++;
    }
  };
  messages.forEach((message, i) => {
    boundaryAt(i);
    if (summaryIds.has(message.id)) return;
    if (message.role === 'assistant') {
      const estimate = {
        system: 0,
        memory: 0,
        facts: 0,
        summary,
        messages: conversation,
        toolResults,
        tools: 0,
        total: summary + conversation + toolResults,
      };
      calls.push({
        callId: importedCallId(message.id),
        startedAt: message.createdAt,
        endedAt: message.createdAt,
        provider: setup.provider,
        model: setup.model,
        contextWindow: setup.contextWindow,
        estimate,
        ...(message.usage ? { usage: message.usage } : {}),
      });
    }
    const tokens = counter.countMessage(message);
    if (message.role === 'tool') toolResults += tokens;
    else conversation += tokens;
  });
  boundaryAt(messages.length);
  return { calls, events };
}
