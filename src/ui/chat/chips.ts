// Which "Memory updated" chips a conversation shows, and where. A chip comes from the memory
// journal of this browser (an entry written by a tool call or by middleware of this thread; its
// Undo works) or, when no such entry exists, from the thread's own record (an imported thread, or
// one written before the journal): history, shown with its diff, never undoable.

import type { MemoryEdit, Thread } from '../../core/thread/thread';
import type { Message } from '../../core/agent/types';
import type { JournalEntry } from '../../core/fs/journal';

export interface ChipData {
  key: string;
  path: string;
  /** This browser's journal entry: the chip can undo it. */
  entry?: JournalEntry;
  /** The thread's record of the edit (for an entry, the same edit; else history). */
  record?: MemoryEdit;
  at: number;
}

export interface ChipPlacement {
  /** Chips under a tool result, by its tool call id. */
  byToolCall: Map<string, ChipData[]>;
  /** Chips after a message (writes outside a tool call, or whose call is not in the thread), by message id. */
  afterMessage: Map<string, ChipData[]>;
  /** Chips before any message. */
  atStart: ChipData[];
}

function push<K>(map: Map<K, ChipData[]>, key: K, chip: ChipData) {
  const list = map.get(key);
  if (list) list.push(chip);
  else map.set(key, [chip]);
}

export function placeChips(
  thread: Pick<Thread, 'id' | 'messages' | 'memoryEdits'> | null,
  entries: readonly JournalEntry[],
): ChipPlacement {
  const placement: ChipPlacement = { byToolCall: new Map(), afterMessage: new Map(), atStart: [] };
  if (!thread) return placement;
  const chips: (ChipData & { toolCallId: string })[] = [];
  const local = new Map<string, ChipData & { toolCallId: string }>();
  // Oldest first, as the conversation reads.
  for (const entry of [...entries].reverse()) {
    const author = entry.author;
    if (entry.origin !== 'local') continue;
    if (author.kind !== 'tool' && author.kind !== 'agent') continue;
    if (author.threadId !== thread.id) continue;
    const chip = {
      key: entry.id,
      path: entry.path,
      entry,
      at: entry.recordedAt,
      toolCallId: author.kind === 'tool' ? author.toolCallId : '',
    };
    local.set(entry.id, chip);
    chips.push(chip);
  }
  thread.memoryEdits.forEach((record, index) => {
    const mine = record.journalId ? local.get(record.journalId) : undefined;
    // A record matches its entry only on the same path: a record cannot borrow an entry's Undo.
    if (mine && mine.path === record.path) {
      mine.record = record;
      return;
    }
    chips.push({
      key: `record-${index}`,
      path: record.path,
      record,
      at: record.at,
      toolCallId: record.toolCallId,
    });
  });
  chips.sort((a, b) => a.at - b.at);

  const toolCalls = new Set<string>();
  for (const message of thread.messages)
    if (message.role === 'tool') toolCalls.add(message.toolCallId);
  for (const chip of chips) {
    const { toolCallId, ...data } = chip;
    if (toolCallId && toolCalls.has(toolCallId)) {
      push(placement.byToolCall, toolCallId, data);
      continue;
    }
    const before = lastMessageAtOrBefore(thread.messages, chip.at);
    if (before) push(placement.afterMessage, before.id, data);
    else placement.atStart.push(data);
  }
  return placement;
}

function lastMessageAtOrBefore(messages: readonly Message[], at: number): Message | undefined {
  let found: Message | undefined;
  for (const message of messages) {
    if (message.createdAt <= at) found = message;
    else break;
  }
  return found;
}
