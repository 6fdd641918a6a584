// Applying a validated update to a copy of the memory: section rewrites, removals, new facts merged
// by content, the bound on facts; and the changes described in words.

import type { MemoryUpdate } from './answer';
import {
  HISTORY_SECTIONS,
  USER_SECTIONS,
  factsOverLimit,
  type Fact,
  type MemoryJson,
} from './schema';

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
