// The fact updater, after DeerFlow's MemoryUpdater: after a run (debounced) the conversation and
// the current memory go to the model, which answers JSON: section rewrites with shouldUpdate,
// new facts with a category and a confidence, and ids of facts to remove. The answer is validated
// before anything changes; an invalid answer changes nothing and is reported.

import type { Message, ModelMessage, ModelProvider } from '../../agent/types';
import type { VirtualFs } from '../../fs/types';
import { errorText } from '../../text/errors';
import { parseUpdateResponse } from './answer';
import { applyUpdate, hasChanges, type ApplyOptions, type UpdateChanges } from './apply-update';
import type { FactsSettings } from './settings';
import { MEMORY_JSON_PATH, modifyMemory, readMemory, serializeMemory } from './store';
import { buildUpdateRequest, conversationForUpdate } from './update-request';

// The request, the answer, applying, and the queue each have their file; this one runs an update
// end to end and is the surface the rest of the app imports.
export {
  MAX_MESSAGE_CHARS,
  MEMORY_UPDATE_PROMPT,
  MEMORY_UPDATE_TAG,
  buildUpdateRequest,
  conversationForUpdate,
  cut,
  formatConversation,
  type ConversationLine,
} from './update-request';
export {
  memoryUpdateSchema,
  newFactSchema,
  parseUpdateResponse,
  type MemoryUpdate,
  type NewFact,
  type ParseUpdateResult,
} from './answer';
export {
  applyUpdate,
  describeChanges,
  hasChanges,
  normalizeFactContent,
  type ApplyOptions,
  type UpdateChanges,
} from './apply-update';
export { createUpdateQueue, type QueueTimers, type UpdateQueue } from './update-queue';

export type MemoryUpdateOutcome =
  | { status: 'skipped'; reason: string }
  | { status: 'invalid-memory'; error: string }
  | { status: 'invalid-answer'; error: string; answer: string }
  | { status: 'failed'; error: string }
  | { status: 'unchanged'; changes: UpdateChanges; answer: string; skipped?: string }
  | {
      status: 'updated';
      changes: UpdateChanges;
      answer: string;
      /** Malformed new facts in the answer, left out: the notice naming them. */
      skipped?: string;
      /** File text before and after, for a diff. */
      before: string;
      after: string;
      version: number;
    };

export interface RunMemoryUpdateInput {
  fs: VirtualFs;
  provider: ModelProvider;
  model: string;
  threadId: string;
  messages: readonly (Message | ModelMessage)[];
  settings: Pick<FactsSettings, 'minConfidence' | 'maxFacts'>;
  signal?: AbortSignal;
  now?: () => number;
  path?: string;
  newId?: () => string;
  maxOutputTokens?: number;
}

/**
 * Reads memory.json, asks the model, validates and applies the answer, and writes the file with
 * the version read (re-applying the same answer on a concurrent edit). Never throws for a bad
 * answer or a provider error: the outcome says what happened.
 */
export async function runMemoryUpdate(input: RunMemoryUpdateInput): Promise<MemoryUpdateOutcome> {
  const path = input.path ?? MEMORY_JSON_PATH;
  const now = input.now ?? Date.now;
  if (conversationForUpdate(input.messages).every((line) => line.role !== 'user'))
    return { status: 'skipped', reason: 'the conversation has no user message' };

  // The model sees at most maxFacts facts; the write below keeps at most that many (applyUpdate).
  const read = await readMemory(input.fs, path, { maxFacts: input.settings.maxFacts });
  if (!read.ok) return { status: 'invalid-memory', error: read.error };

  const request = buildUpdateRequest(input.messages, read.memory, {
    model: input.model,
    now: now(),
    ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
  });
  let answer: string;
  try {
    const response = await input.provider.complete(request, {
      signal: input.signal ?? new AbortController().signal,
    });
    answer = response.message.content;
  } catch (error) {
    return { status: 'failed', error: errorText(error) };
  }

  const parsed = parseUpdateResponse(answer);
  if (!parsed.ok) return { status: 'invalid-answer', error: parsed.error, answer };

  let changes: UpdateChanges | undefined;
  const options: ApplyOptions = {
    minConfidence: input.settings.minConfidence,
    maxFacts: input.settings.maxFacts,
    now: now(),
    source: input.threadId,
    ...(input.newId ? { newId: input.newId } : {}),
  };
  let result;
  try {
    result = await modifyMemory(
      input.fs,
      (memory) => {
        const applied = applyUpdate(memory, parsed.update, options);
        changes = applied.changes;
        return hasChanges(applied.changes) ? applied.memory : memory;
      },
      { path },
    );
  } catch (error) {
    return { status: 'failed', error: errorText(error) };
  }
  if (result.status === 'invalid') return { status: 'invalid-memory', error: result.error };
  const finalChanges = changes ?? applyUpdate(read.memory, parsed.update, options).changes;
  const skipped = parsed.skipped ? { skipped: parsed.skipped } : {};
  if (result.status === 'unchanged')
    return { status: 'unchanged', changes: finalChanges, answer, ...skipped };
  return {
    status: 'updated',
    changes: finalChanges,
    answer,
    ...skipped,
    before: serializeMemory(result.before),
    after: serializeMemory(result.after),
    version: result.version,
  };
}
