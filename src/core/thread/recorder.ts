// Event → thread: how the loop's events become the stored thread (messages, a metrics record per
// model call, timeline events, memory edits, the streaming draft). Pure: the thread session only
// feeds events in (a run's compaction records may come after the run ended) and saves what comes
// out, so the same recording serves the app and the tests.

import { z } from 'zod';
import type { AgentEvent } from '../agent/events';
import { newId } from '../agent/ids';
import { stateSlot } from '../agent/middleware';
import { MEMORY_EDIT_TEXT_LIMIT, type Thread, type TimelineEntry } from './thread';
import type { AssistantMessage, Message, StreamEvent, ToolCall } from '../agent/types';
import { countRequest, type TokenCounter } from '../tokens/counter';
import { writesToPath } from '../fs/tools';

export interface RecorderSetup {
  provider: string;
  model: string;
  contextWindow: number;
  /** Compaction trigger as a fraction of the window (for the chart's trigger line). */
  triggerFraction: number;
  counter: TokenCounter;
  /**
   * Feature events that put a marker on the timeline, each turned into its entry (the harness
   * passes the features' own: AGENTS.md's 'memory-loaded'…).
   */
  timeline?: readonly ((event: AgentEvent) => TimelineEntry | undefined)[];
  now?: () => number;
}

export interface StreamingDraft {
  text: string;
  toolCalls: { id?: string; name?: string; arguments: string }[];
}

/** What the store should do after an event besides saving the thread. */
export interface RecordEffects {
  /** The thread changed (publish it). */
  changed: boolean;
  /** A complete message was appended (save now). */
  appended?: Message;
  /** Files written outside the Files panel (refresh them there). */
  filesChanged?: string[];
  /** The streaming draft, or null when it landed as a message. */
  streaming?: StreamingDraft | null;
}

/** Thread key of the partly streamed answer, kept so that a reload mid-stream loses nothing. */
export const DRAFT_STATE_KEY = 'draft';
/** The partly streamed answer's slot in thread state. */
export const draftSlot = stateSlot(
  DRAFT_STATE_KEY,
  z.object({ text: z.unknown(), at: z.number().optional() }),
);

export interface ThreadRecorder {
  apply(event: AgentEvent): RecordEffects;
  /** Adds a timeline event (placed at the next model call unless it names one). */
  addEvent(event: TimelineEntry): void;
  /** The streamed text so far (null when nothing is streaming). */
  draft(): StreamingDraft | null;
}

export function createThreadRecorder(thread: Thread, setup: RecorderSetup): ThreadRecorder {
  const now = setup.now ?? Date.now;
  const toolCalls = new Map<string, ToolCall>();
  let streaming: StreamingDraft | null = null;
  thread.events ??= [];

  const addEvent: ThreadRecorder['addEvent'] = (event) => {
    thread.events!.push({ id: newId('evt'), at: now(), ...event });
  };

  function apply(event: AgentEvent): RecordEffects {
    switch (event.type) {
      case 'stream':
        streaming = applyStream(streaming, event.event);
        draftSlot.write(thread.state, { text: streaming.text, at: now() });
        return { changed: false, streaming };
      case 'message': {
        const { message } = event;
        thread.messages.push(message);
        const effects: RecordEffects = { changed: true, appended: message };
        if (message.role === 'assistant') {
          streaming = null;
          draftSlot.clear(thread.state);
          effects.streaming = null;
          for (const call of message.toolCalls ?? []) toolCalls.set(call.id, call);
        }
        if (message.role === 'tool') {
          const path = writtenPath(toolCalls.get(message.toolCallId));
          if (path) effects.filesChanged = [path];
        }
        return effects;
      }
      case 'model-call-start':
        // Events since the last call changed what this call sees: they are placed at it.
        for (const pending of thread.events!) pending.callId ??= event.callId;
        thread.calls.push({
          callId: event.callId,
          startedAt: event.startedAt,
          provider: setup.provider,
          model: setup.model,
          contextWindow: setup.contextWindow,
          triggerTokens: Math.round(setup.contextWindow * setup.triggerFraction),
          estimate: countRequest(setup.counter, event.request),
        });
        return { changed: true };
      case 'model-call-end': {
        const record = thread.calls.find((call) => call.callId === event.callId);
        if (record) {
          record.endedAt = event.endedAt;
          if (event.usage) record.usage = event.usage;
          if (event.error) record.error = event.error;
        }
        return { changed: true };
      }
      case 'context-event':
        addEvent(event.event);
        // Offload and summarization write files outside tool calls.
        return { changed: true, ...(event.event.path ? { filesChanged: [event.event.path] } : {}) };
      case 'context-record': {
        // The event's record arrived (built after the request left): merged into the stored event,
        // as a new object so that whoever shows the event sees the change.
        const events = thread.events!;
        const at = events.findLastIndex((e) => e.id === event.eventId);
        if (at < 0) return { changed: false };
        const { pending: _pending, ...rest } = events[at]!;
        events[at] = { ...rest, ...event.attachments, detail: event.detail };
        return { changed: true };
      }
      case 'memory-updated': {
        addEvent({
          kind: 'memory-edited',
          path: event.path,
          detail: event.deleted
            ? `The agent deleted ${event.path}.`
            : `The agent changed ${event.path} (now version ${event.version}).`,
        });
        // Texts too long to keep with the thread stay out of it (the journal has the diff).
        const cut =
          (event.before?.length ?? 0) > MEMORY_EDIT_TEXT_LIMIT ||
          event.after.length > MEMORY_EDIT_TEXT_LIMIT;
        thread.memoryEdits.push({
          toolCallId: event.toolCallId ?? '',
          path: event.path,
          before: cut ? '' : event.before,
          after: cut ? '' : event.after,
          version: event.version,
          at: now(),
          ...(event.journalId ? { journalId: event.journalId } : {}),
          ...(event.deleted ? { deleted: true } : {}),
          ...(cut ? { textsCut: true } : {}),
        });
        return { changed: true, filesChanged: [event.path] };
      }
      default: {
        // A feature's event: a marker on the timeline when the feature says so.
        for (const entryOf of setup.timeline ?? []) {
          const entry = entryOf(event);
          if (entry) {
            addEvent(entry);
            return { changed: true };
          }
        }
        return { changed: false };
      }
    }
  }

  return { apply, addEvent, draft: () => streaming };
}

/**
 * A thread saved while an answer was streaming (the page was closed or reloaded mid-stream): what
 * had arrived becomes an assistant message marked as interrupted, with a notice saying so.
 * Returns true when the thread changed.
 */
export function recoverDraft(thread: Thread, now: () => number = Date.now): boolean {
  const draft = draftSlot.read(thread.state);
  if (!draft) return false;
  draftSlot.clear(thread.state);
  if (typeof draft.text !== 'string' || !draft.text) return true;
  const partial: AssistantMessage = {
    role: 'assistant',
    id: newId('msg'),
    content: draft.text,
    createdAt: now(),
    stopped: 'error',
  };
  thread.messages.push(partial, {
    role: 'notice',
    id: newId('msg'),
    kind: 'info',
    content:
      'This answer was cut off when the page closed or reloaded while it was arriving; what had arrived is kept. Send a message to continue.',
    createdAt: now(),
  });
  return true;
}

export function applyStream(current: StreamingDraft | null, event: StreamEvent): StreamingDraft {
  const next = current ?? { text: '', toolCalls: [] };
  if (event.type === 'text-delta') return { ...next, text: next.text + event.text };
  const toolCalls = [...next.toolCalls];
  const existing = toolCalls[event.index] ?? { arguments: '' };
  toolCalls[event.index] = {
    id: event.id ?? existing.id,
    name: event.name ?? existing.name,
    arguments: existing.arguments + event.argumentsDelta,
  };
  return { ...next, toolCalls };
}

/** The file a tool call wrote, for refreshing the Files panel. */
function writtenPath(call: ToolCall | undefined): string | undefined {
  if (!call) return undefined;
  try {
    return writesToPath(call.name, JSON.parse(call.arguments)) ?? undefined;
  } catch {
    return undefined;
  }
}
