// What a context strategy's build removed from what the model sees, for the flight recorder: the
// turns the previous call carried (or that are new since it) and this call leaves out, whatever the
// strategy (a window sliding on, a buffer merged into the running summary, turns compressed or paged
// out, retrieval leaving turns behind). Pinned messages are never left out: they are carried
// whatever the strategy built (pins.ts). Pure.

import type { ModelMessage } from '../agent/types';
import {
  buildCompactionRecord,
  messagePart,
  type CompactionRecord,
  type RecordInput,
  type RecordPart,
} from '../recorder/record';
import { pinnedIds, type Pins } from '../recorder/pins';
import type { BuiltContext, Turn } from './types';

/** The previous call as the strategy state remembers it. */
export interface PreviousCall {
  keptTurns: readonly number[];
  /** Past turns at that call (absent in states saved before it was kept). */
  pastTurns?: number;
}

/** The built context with the pinned messages the strategy left out put back (oldest first). */
export function withPinned(built: BuiltContext, past: readonly Turn[], pins: Pins): BuiltContext {
  if (pins.messages.length === 0) return built;
  const all = past.flatMap((t) => t.messages);
  const keep = pinnedIds(all, pins);
  if (keep.size === 0) return built;
  const carried = new Set(built.messages.map((m) => m.id));
  const extra = all.filter((m) => keep.has(m.id) && !carried.has(m.id));
  if (extra.length === 0) return built;
  return { ...built, messages: [...extra, ...built.messages] };
}

export interface StrategyRemoval {
  /** Turn indices newly left out. */
  turns: number[];
  messages: ModelMessage[];
  /** The record's input, gathered when called (after the request has left). */
  recordInput: () => RecordInput;
}

/**
 * The turns this call leaves out that the previous call carried, or that completed since it; with
 * the record of their removal. Undefined when nothing was newly left out, or on the first call.
 */
export function strategyRemoval(input: {
  previous: PreviousCall | undefined;
  past: readonly Turn[];
  built: BuiltContext;
  system: string;
  pins: Pins;
}): StrategyRemoval | undefined {
  const { previous, past, built } = input;
  if (!previous) return undefined;
  const carried = new Set(built.messages.map((m) => m.id));
  const before = new Set(previous.keptTurns);
  const since = previous.pastTurns ?? past.length;
  const dropped = past.filter(
    (turn) =>
      (turn.index >= since || before.has(turn.index)) &&
      turn.messages.some((m) => !carried.has(m.id)),
  );
  const removedMessages = dropped.flatMap((t) => t.messages.filter((m) => !carried.has(m.id)));
  if (removedMessages.length === 0) return undefined;

  const pinned = [...input.pins.specifics];
  const recordInput = (): RecordInput => {
    const blocks: RecordPart[] = built.blocks.map((b) => ({ label: b.section, text: b.text }));
    const system: RecordPart = { label: 'System prompt', text: input.system };
    const droppedIds = new Set(removedMessages.map((m) => m.id));
    // Before: this call's context with the left-out turns still in, in thread order.
    const beforeMessages = past
      .flatMap((t) => t.messages)
      .filter((m) => carried.has(m.id) || droppedIds.has(m.id));
    // The system prompt is the same at every call: searched, not kept in each record.
    return {
      kind: 'strategy',
      before: [...blocks, ...beforeMessages.map(messagePart)],
      after: [...blocks, ...built.messages.map(messagePart)],
      unchanged: [system],
      removed: removedMessages.map(messagePart),
      pinned,
    };
  };
  return { turns: dropped.map((t) => t.index), messages: removedMessages, recordInput };
}

/** The record of a strategy's removal, built here (tests, tools); the middleware defers it. */
export function strategyRecord(removal: StrategyRemoval): CompactionRecord {
  return buildCompactionRecord(removal.recordInput());
}

/** "turn 3", "turns 3–5", "turns 2, 4 and 7" (1-based). */
export function turnList(indices: readonly number[]): string {
  const n = indices.map((i) => i + 1);
  if (n.length === 1) return `turn ${n[0]}`;
  const consecutive = n.every((v, i) => i === 0 || v === n[i - 1]! + 1);
  if (consecutive) return `turns ${n[0]}–${n[n.length - 1]}`;
  return `turns ${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}
