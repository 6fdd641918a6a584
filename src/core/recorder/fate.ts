// The fate of the specifics a compaction removed, judged without a model:
//
//   kept         found in the new context (the summary, the kept messages, the system prompt…),
//                matched as described in match.ts (formatting-robust: case for names, thousands
//                separators and unit spelling for numbers, "./" and trailing slashes for paths,
//                quote marks and spacing for quotes, date and time formats).
//   recoverable  not kept, but found in a file the agent can read AND the new context points to
//                that file: it names the file's full path (a leading "/" optional), or the path is
//                among the explicit pointers. The history file a summary names, and an offloaded
//                tool result whose path is in the context, are such files. The file that recovers
//                it is given; the first pointed file (in the order given) that has it wins.
//   lost         neither. If a readable file holds it but nothing in the context points there, the
//                file is given as `unreachableIn`: the detail exists, the model has no way to it.
//
// The headline leads with what was lost ("0 lost · 8,815 recoverable · 7 kept"); the detail says
// how many were removed. `keptOrRecoverable` is the number the arena compares across strategies.
// Every text searched is bounded (maxChars each); a text over the bound is searched in its first
// maxChars characters and listed in `cut`.

import { buildHaystack, findSpecific, type Haystack } from './match';
import {
  MAX_SCAN_CHARS,
  SPECIFIC_KINDS,
  normalizePath,
  type Specific,
  type SpecificKind,
} from './specifics';

export type Fate = 'kept' | 'recoverable' | 'lost';

/** The names of the three lists, as shown. */
export const FATE_LABELS: Readonly<Record<Fate, string>> = {
  kept: 'Kept',
  recoverable: 'Recoverable',
  lost: 'Lost',
};

/** A named part of the new context ("Summary", "Kept messages", "System prompt"). */
export interface ContextSection {
  label: string;
  text: string;
}

/** A file the agent can read, with its content. */
export interface ReadableFile {
  path: string;
  content: string;
}

export interface FateTarget {
  /** What the model sees after the compaction: one text, or named sections. */
  newContext: string | readonly ContextSection[];
  /** Files the agent can read (the history file, offloaded results, memory files…). */
  readableFiles?: readonly ReadableFile[];
  /** Paths the context points to besides those it names in its text. */
  pointers?: readonly string[];
  /** Each text is searched in at most this many characters. Default MAX_SCAN_CHARS. */
  maxChars?: number;
}

export interface ClassifiedSpecific extends Specific {
  fate: Fate;
  /** Kept: the label of the first context section that has it ("context" for a single text). */
  keptIn?: string;
  /** Recoverable: the path of the file that has it. */
  recoverableFrom?: string;
  /** Lost: a readable file that has it, which the context does not point to. */
  unreachableIn?: string;
}

export interface FateCounts {
  total: number;
  kept: number;
  recoverable: number;
  lost: number;
  keptOrRecoverable: number;
}

export interface SpecificsFate {
  kept: ClassifiedSpecific[];
  recoverable: ClassifiedSpecific[];
  lost: ClassifiedSpecific[];
  counts: FateCounts;
  byKind: Record<SpecificKind, FateCounts>;
  /** "19 lost · 9 recoverable · 12 kept" ("No specifics were removed" when there were none). */
  headline: string;
  /** "40 specifics removed". */
  detail: string;
  /** The readable files the new context points to (their paths as given). */
  pointedFiles: string[];
  /** Texts searched only in part because they were over maxChars. */
  cut: { label: string; searchedChars: number; totalChars: number }[];
}

const SINGLE_CONTEXT_LABEL = 'context';

export function classifySpecifics(
  specifics: readonly Specific[],
  target: FateTarget,
): SpecificsFate {
  const maxChars = target.maxChars ?? MAX_SCAN_CHARS;
  const cut: SpecificsFate['cut'] = [];
  const noteCut = (label: string, h: Haystack) => {
    if (h.indexedChars < h.totalChars)
      cut.push({ label, searchedChars: h.indexedChars, totalChars: h.totalChars });
  };

  const sections: readonly ContextSection[] =
    typeof target.newContext === 'string'
      ? [{ label: SINGLE_CONTEXT_LABEL, text: target.newContext }]
      : target.newContext;
  // A section's haystack is built only when a search reaches it (in order: the first section that
  // holds a specific is where it is kept), so sections after the last one any search needs are
  // never scanned. The cut of a section over the bound is known from its length alone.
  const contexts = sections.map((s) => {
    if (s.text.length > maxChars)
      cut.push({ label: s.label, searchedChars: maxChars, totalChars: s.text.length });
    return { label: s.label, text: s.text, haystack: undefined as Haystack | undefined };
  });
  const contextHaystack = (c: (typeof contexts)[number]): Haystack =>
    (c.haystack ??= buildHaystack(c.text, maxChars));

  // Which readable files the context points to.
  const pointerSet = new Set(
    (target.pointers ?? []).map((p) => normalizePath(p).replace(/^\//, '')),
  );
  const files = (target.readableFiles ?? []).map((file) => {
    const normalized = normalizePath(file.path);
    const asPath = { kind: 'path' as const, subtype: 'posix', normalized };
    const pointed =
      pointerSet.has(normalized.replace(/^\//, '')) ||
      contexts.some((c) => findSpecific(contextHaystack(c), asPath));
    return { file, pointed, haystack: undefined as Haystack | undefined };
  });
  const haystackOf = (entry: (typeof files)[number]): Haystack => {
    if (!entry.haystack) {
      entry.haystack = buildHaystack(entry.file.content, maxChars);
      noteCut(entry.file.path, entry.haystack);
    }
    return entry.haystack;
  };

  // Where each specific is kept: section by section, only while some specific is still unplaced.
  const keptIn: (string | undefined)[] = specifics.map(() => undefined);
  let unplaced = specifics.length;
  for (const c of contexts) {
    if (unplaced === 0) break;
    const haystack = contextHaystack(c);
    specifics.forEach((specific, i) => {
      if (keptIn[i] === undefined && findSpecific(haystack, specific)) {
        keptIn[i] = c.label;
        unplaced--;
      }
    });
  }

  const kept: ClassifiedSpecific[] = [];
  const recoverable: ClassifiedSpecific[] = [];
  const lost: ClassifiedSpecific[] = [];
  specifics.forEach((specific, i) => {
    const label = keptIn[i];
    if (label !== undefined) {
      kept.push({ ...specific, fate: 'kept', keptIn: label });
      return;
    }
    const from = files.find((f) => f.pointed && findSpecific(haystackOf(f), specific));
    if (from) {
      recoverable.push({ ...specific, fate: 'recoverable', recoverableFrom: from.file.path });
      return;
    }
    const unreachable = files.find((f) => !f.pointed && findSpecific(haystackOf(f), specific));
    lost.push({
      ...specific,
      fate: 'lost',
      ...(unreachable ? { unreachableIn: unreachable.file.path } : {}),
    });
  });

  const counts = countsOf(kept.length, recoverable.length, lost.length);
  const byKind = Object.fromEntries(
    SPECIFIC_KINDS.map((kind) => {
      const n = (list: ClassifiedSpecific[]) => list.filter((s) => s.kind === kind).length;
      return [kind, countsOf(n(kept), n(recoverable), n(lost))];
    }),
  ) as Record<SpecificKind, FateCounts>;
  return {
    kept,
    recoverable,
    lost,
    counts,
    byKind,
    headline: fateHeadline(counts),
    detail: fateDetail(counts),
    pointedFiles: files.filter((f) => f.pointed).map((f) => f.file.path),
    cut,
  };
}

function countsOf(kept: number, recoverable: number, lost: number): FateCounts {
  return {
    total: kept + recoverable + lost,
    kept,
    recoverable,
    lost,
    keptOrRecoverable: kept + recoverable,
  };
}

/** A count as the record writes every count: "8,815". */
const formatCount = (n: number): string => n.toLocaleString('en-US');

/**
 * What was lost first, then what can be read back, then what stayed: "0 lost · 8,815 recoverable ·
 * 7 kept"; "No specifics were removed" when there were none.
 */
export function fateHeadline(
  counts: Pick<FateCounts, 'kept' | 'recoverable' | 'lost' | 'total'>,
): string {
  if (counts.total === 0) return 'No specifics were removed';
  return `${formatCount(counts.lost)} lost · ${formatCount(counts.recoverable)} recoverable · ${formatCount(counts.kept)} kept`;
}

/** "8,822 specifics removed" ("1 specific removed"). */
export function fateDetail(counts: Pick<FateCounts, 'total'>): string {
  return `${formatCount(counts.total)} ${counts.total === 1 ? 'specific' : 'specifics'} removed`;
}
