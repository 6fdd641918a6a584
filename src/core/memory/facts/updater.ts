// The fact updater, after DeerFlow's MemoryUpdater: after a run (debounced) the conversation and
// the current memory go to the model, which answers JSON: section rewrites with shouldUpdate,
// new facts with a category and a confidence, and ids of facts to remove. The answer is validated
// before anything changes; an invalid answer changes nothing and is reported.

import type { Message, ModelMessage, ModelProvider, ModelRequest } from '../../agent/types';
import type { VirtualFs } from '../../fs/types';
import { BOUNDS } from '../../limits';
import type { FactsSettings } from './settings';
import {
  FACT_CATEGORIES,
  HISTORY_SECTIONS,
  USER_SECTIONS,
  factsOverLimit,
  type Fact,
  type MemoryJson,
} from './schema';
import { MEMORY_JSON_PATH, modifyMemory, readMemory, serializeMemory } from './store';
import { errorText } from '../../text/errors';

/** Each message of the conversation is cut to this many characters, as DeerFlow does. */
export const MAX_MESSAGE_CHARS = BOUNDS.updaterMessageChars.value;

/** Opens the updater's instructions; the Demo provider recognises update requests by it. */
export const MEMORY_UPDATE_TAG = 'memory_update_instructions';

export const MEMORY_UPDATE_PROMPT = `<${MEMORY_UPDATE_TAG}>
You keep the long-term memory that a chat assistant has about its user. You receive the current
memory (JSON) and a new conversation between the user and the assistant. Work out what the
conversation teaches about the user and answer with the changes to make, as one JSON object.

Sections (each one a short text that replaces the old one when you update it, so carry over what
is still true and drop what is finished or no longer true):
- user.workContext: role, employer, main projects and tools (1 to 3 sentences).
- user.personalContext: languages, how the user likes to communicate, interests outside work
  (1 or 2 sentences).
- user.topOfMind: what the user is busy with these days; usually several threads at once
  (a few sentences). This changes most often.
- history.recentMonths: what the user did and explored over the last months (a paragraph).
- history.earlierContext: older patterns and projects that still matter (a few sentences).
- history.longTermBackground: stable background such as core expertise and lasting interests
  (2 to 4 sentences).
Set "shouldUpdate": true only when the conversation adds or changes something in that section.

Facts: short statements about the user that stand on their own, with concrete names, numbers and
versions kept. Give each one category:
- preference: what the user likes or dislikes, chosen tools, styles and formats
- knowledge: skills, expertise, technologies and domains the user knows
- context: background such as job, employer, projects, location, languages
- behavior: habits, ways of working, communicating or solving problems
- goal: aims, plans, things the user wants to learn, build or reach
and a confidence between 0 and 1:
- 0.9 to 1.0: the user said it outright ("I work at …", "I prefer …")
- 0.7 to 0.89: strongly implied by what the user said or did
- below 0.7: an inference; such facts are not kept, so add one only with its honest confidence
Do not add a fact that the memory already holds with the same meaning. When the conversation
contradicts a fact in the memory, or the user asks to forget it, put that fact's id in
factsToRemove (and add the corrected fact, if there is one).

Never store passwords, API keys, tokens or other secrets, one-off details of the current task,
or anything the user did not mean to keep. Write in the language the user writes in, and keep
names and technical terms as they are.

Answer with the JSON object only (no explanation, no Markdown), in this shape:
{
  "user": {
    "workContext": { "summary": "…", "shouldUpdate": false },
    "personalContext": { "summary": "…", "shouldUpdate": false },
    "topOfMind": { "summary": "…", "shouldUpdate": false }
  },
  "history": {
    "recentMonths": { "summary": "…", "shouldUpdate": false },
    "earlierContext": { "summary": "…", "shouldUpdate": false },
    "longTermBackground": { "summary": "…", "shouldUpdate": false }
  },
  "newFacts": [
    { "content": "…", "category": "${FACT_CATEGORIES.join('|')}", "confidence": 0.9 }
  ],
  "factsToRemove": ["fact_id"]
}
</${MEMORY_UPDATE_TAG}>`;

// --- The request --------------------------------------------------------------------------------

export interface ConversationLine {
  role: 'user' | 'assistant';
  text: string;
}

/**
 * User messages and final assistant answers (no tool calls, no tool results, no notices, no
 * interrupted answers), each cut to MAX_MESSAGE_CHARS characters.
 */
export function conversationForUpdate(
  messages: readonly (Message | ModelMessage)[],
  maxChars = MAX_MESSAGE_CHARS,
): ConversationLine[] {
  const lines: ConversationLine[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const text = message.content.trim();
      if (text) lines.push({ role: 'user', text: cut(text, maxChars) });
    } else if (message.role === 'assistant' && !message.toolCalls?.length && !message.stopped) {
      const text = message.content.trim();
      if (text) lines.push({ role: 'assistant', text: cut(text, maxChars) });
    }
  }
  return lines;
}

/** At most `max` characters of the text (never half a surrogate pair), "…" marking a cut. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Our tag names inside conversation text cannot close or open the request's blocks. */
function escapeTags(text: string): string {
  return text.replace(
    /<(\s*\/?\s*)(conversation|current_memory|memory_update_instructions|memory)\b/gi,
    '&lt;$1$2',
  );
}

export function formatConversation(lines: readonly ConversationLine[]): string {
  return lines
    .map((line) => `${line.role === 'user' ? 'User' : 'Assistant'}: ${escapeTags(line.text)}`)
    .join('\n\n');
}

/** The model request for an update: instructions as system prompt, memory and conversation as data. */
export function buildUpdateRequest(
  conversation: readonly (Message | ModelMessage)[],
  memory: MemoryJson,
  options: { model?: string; maxOutputTokens?: number; now?: number } = {},
): ModelRequest {
  const lines = conversationForUpdate(conversation);
  const content = [
    '<current_memory>',
    escapeTags(JSON.stringify(memory, null, 2)),
    '</current_memory>',
    '',
    '<conversation>',
    formatConversation(lines),
    '</conversation>',
  ].join('\n');
  return {
    purpose: 'fact-update',
    model: options.model ?? '',
    system: MEMORY_UPDATE_PROMPT,
    messages: [{ role: 'user', id: 'memory-update', content, createdAt: options.now ?? 0 }],
    tools: [],
    ...(options.maxOutputTokens ? { maxOutputTokens: options.maxOutputTokens } : {}),
  };
}

// --- The answer: answer.ts (its schema and parser) ----------------------------------------------

import { parseUpdateResponse, type MemoryUpdate } from './answer';
export {
  memoryUpdateSchema,
  newFactSchema,
  parseUpdateResponse,
  type MemoryUpdate,
  type NewFact,
  type ParseUpdateResult,
} from './answer';

// --- Applying ------------------------------------------------------------------------------------

export interface ApplyOptions {
  /** New facts under this confidence are dropped (default 0.7). */
  minConfidence?: number;
  /** Facts kept at most; the lowest confidence goes first (default 100). */
  maxFacts?: number;
  /** Time of the update (ms or ISO); default now. */
  now?: number | string;
  /** Thread the facts come from. */
  source?: string;
  /** Id generator (tests); default fact_ and 8 random hex digits. */
  newId?: () => string;
}

export interface UpdateChanges {
  /** Sections rewritten, as paths: user.workContext, history.recentMonths… */
  sections: string[];
  added: Fact[];
  removed: Fact[];
  /** A new fact equal to a stored one: the stored one kept, with the higher confidence. */
  merged: { fact: Fact; previousConfidence: number }[];
  /** New facts not stored. */
  dropped: { content: string; confidence: number; reason: 'low-confidence' | 'duplicate' }[];
  /** Facts removed to stay within maxFacts. */
  evicted: Fact[];
  /** Ids in factsToRemove that matched no fact. */
  unknownRemovals: string[];
}

export function hasChanges(changes: UpdateChanges): boolean {
  return (
    changes.sections.length > 0 ||
    changes.added.length > 0 ||
    changes.removed.length > 0 ||
    changes.merged.length > 0 ||
    changes.evicted.length > 0
  );
}

/** "2 facts added, 1 removed; user.topOfMind updated", for notices and chart markers. */
export function describeChanges(changes: UpdateChanges): string {
  const parts: string[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (changes.added.length) parts.push(`${plural(changes.added.length, 'fact')} added`);
  if (changes.merged.length) parts.push(`${plural(changes.merged.length, 'fact')} confirmed`);
  if (changes.removed.length) parts.push(`${plural(changes.removed.length, 'fact')} removed`);
  if (changes.evicted.length)
    parts.push(`${plural(changes.evicted.length, 'fact')} dropped to stay within the limit`);
  if (changes.dropped.length)
    parts.push(
      `${plural(changes.dropped.length, 'new fact')} not kept (low confidence or duplicate)`,
    );
  if (changes.sections.length) parts.push(`${changes.sections.join(', ')} updated`);
  return parts.length ? parts.join('; ') : 'no changes';
}

/** Lowercase, accents and punctuation dropped, spaces collapsed: "Likes  TypeScript." = "likes typescript". */
export function normalizeFactContent(content: string): string {
  return content
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function randomId(): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return `fact_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function isoTime(now: number | string | undefined): string {
  if (typeof now === 'string') return now;
  return new Date(now ?? Date.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Applies a validated update to a copy of the memory: section rewrites, removals by id, new facts
 * at or over minConfidence (a duplicate by normalised content merges, keeping the higher
 * confidence), then at most maxFacts facts, dropping the lowest confidence first (the oldest first
 * among equals). The memory given is not changed.
 */
export function applyUpdate(
  memory: MemoryJson,
  update: MemoryUpdate,
  options: ApplyOptions = {},
): { memory: MemoryJson; changes: UpdateChanges } {
  const minConfidence = options.minConfidence ?? 0.7;
  const maxFacts = Math.max(0, options.maxFacts ?? 100);
  const now = isoTime(options.now);
  const source = options.source ?? 'unknown';
  const next = structuredClone(memory);
  const changes: UpdateChanges = {
    sections: [],
    added: [],
    removed: [],
    merged: [],
    dropped: [],
    evicted: [],
    unknownRemovals: [],
  };

  for (const key of USER_SECTIONS) {
    const section = update.user?.[key];
    if (section?.shouldUpdate && section.summary.trim()) {
      next.user[key] = { ...next.user[key], summary: section.summary.trim(), updatedAt: now };
      changes.sections.push(`user.${key}`);
    }
  }
  for (const key of HISTORY_SECTIONS) {
    const section = update.history?.[key];
    if (section?.shouldUpdate && section.summary.trim()) {
      next.history[key] = { ...next.history[key], summary: section.summary.trim(), updatedAt: now };
      changes.sections.push(`history.${key}`);
    }
  }

  const toRemove = new Set(update.factsToRemove);
  const present = new Set(next.facts.map((fact) => fact.id));
  changes.unknownRemovals = [...toRemove].filter((id) => !present.has(id));
  changes.removed = next.facts.filter((fact) => toRemove.has(fact.id));
  next.facts = next.facts.filter((fact) => !toRemove.has(fact.id));

  const byContent = new Map<string, Fact>();
  for (const fact of next.facts) {
    const key = normalizeFactContent(fact.content);
    if (!byContent.has(key)) byContent.set(key, fact);
  }
  const ids = new Set(next.facts.map((fact) => fact.id));
  const makeId = () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const id = (options.newId ?? randomId)();
      if (!ids.has(id)) {
        ids.add(id);
        return id;
      }
    }
    throw new Error('could not make a unique fact id');
  };

  for (const candidate of update.newFacts) {
    const content = candidate.content.replace(/\s+/g, ' ').trim();
    if (candidate.confidence < minConfidence) {
      changes.dropped.push({ content, confidence: candidate.confidence, reason: 'low-confidence' });
      continue;
    }
    const key = normalizeFactContent(content);
    const existing = byContent.get(key);
    if (existing) {
      if (candidate.confidence > existing.confidence) {
        const previousConfidence = existing.confidence;
        existing.confidence = candidate.confidence;
        existing.category = candidate.category;
        const already = changes.merged.find((entry) => entry.fact === existing);
        if (already)
          already.previousConfidence = Math.min(already.previousConfidence, previousConfidence);
        else if (!changes.added.includes(existing))
          changes.merged.push({ fact: existing, previousConfidence });
      } else {
        changes.dropped.push({ content, confidence: candidate.confidence, reason: 'duplicate' });
      }
      continue;
    }
    const fact: Fact = {
      id: makeId(),
      content,
      category: candidate.category,
      confidence: candidate.confidence,
      createdAt: now,
      source,
    };
    next.facts.push(fact);
    byContent.set(key, fact);
    changes.added.push(fact);
  }

  if (next.facts.length > maxFacts) {
    const evict = factsOverLimit(next.facts, maxFacts);
    changes.evicted = next.facts.filter((fact) => evict.has(fact));
    next.facts = next.facts.filter((fact) => !evict.has(fact));
    // A fact added and evicted in the same update was never really added.
    changes.added = changes.added.filter((fact) => !evict.has(fact));
    changes.merged = changes.merged.filter((entry) => !evict.has(entry.fact));
  }

  if (hasChanges(changes)) next.lastUpdated = now;
  return { memory: next, changes };
}

// --- One update, end to end ---------------------------------------------------------------------

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

// --- The debounced queue -------------------------------------------------------------------------

export interface QueueTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: QueueTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface UpdateQueue<T> {
  /** Queues (or re-queues) the thread's update; a pending one is replaced and its timer restarts. */
  schedule(threadId: string, payload: T): void;
  /** Runs the thread's pending update now ("Update memory now"); waits for one already running. */
  flush(threadId: string): Promise<void>;
  /** Drops the thread's pending update (all threads without an argument). */
  cancel(threadId?: string): void;
  /** Is an update pending (timer running) for the thread? */
  isPending(threadId: string): boolean;
  /** Threads with a pending update. */
  pending(): string[];
  /** Cancels everything; later schedules are ignored. */
  dispose(): void;
}

/**
 * One pending update per thread, run `delayMs` after the last schedule for that thread. Runs are
 * serialised (they all write the same memory.json). A run's error goes to onError and does not
 * stop the queue.
 */
export function createUpdateQueue<T>(options: {
  delayMs: number | (() => number);
  run: (threadId: string, payload: T) => Promise<void>;
  onError?: (threadId: string, error: unknown) => void;
  timers?: QueueTimers;
}): UpdateQueue<T> {
  const timers = options.timers ?? realTimers;
  const waiting = new Map<string, { payload: T; timer: unknown }>();
  const running = new Map<string, Promise<void>>();
  let chain: Promise<void> = Promise.resolve();
  let disposed = false;

  const delay = () => {
    const value = typeof options.delayMs === 'function' ? options.delayMs() : options.delayMs;
    return Math.max(0, Number.isFinite(value) ? value : 0);
  };

  function start(threadId: string): Promise<void> {
    const entry = waiting.get(threadId);
    if (!entry) return running.get(threadId) ?? Promise.resolve();
    timers.clearTimeout(entry.timer);
    waiting.delete(threadId);
    const previous = running.get(threadId);
    const task = chain.then(async () => {
      try {
        await options.run(threadId, entry.payload);
      } catch (error) {
        options.onError?.(threadId, error);
      }
    });
    chain = task;
    const tracked = task.finally(() => {
      if (running.get(threadId) === tracked) running.delete(threadId);
    });
    running.set(threadId, tracked);
    return previous ? Promise.all([previous, tracked]).then(() => undefined) : tracked;
  }

  return {
    schedule(threadId, payload) {
      if (disposed) return;
      const existing = waiting.get(threadId);
      if (existing) timers.clearTimeout(existing.timer);
      const timer = timers.setTimeout(() => void start(threadId), delay());
      waiting.set(threadId, { payload, timer });
    },
    flush: (threadId) => start(threadId),
    cancel(threadId) {
      const ids = threadId === undefined ? [...waiting.keys()] : [threadId];
      for (const id of ids) {
        const entry = waiting.get(id);
        if (entry) timers.clearTimeout(entry.timer);
        waiting.delete(id);
      }
    },
    isPending: (threadId) => waiting.has(threadId),
    pending: () => [...waiting.keys()],
    dispose() {
      disposed = true;
      for (const entry of waiting.values()) timers.clearTimeout(entry.timer);
      waiting.clear();
    },
  };
}
