// Merging two saves of one thread (two tabs that both had it open): what both started from (the
// base, when known), ours (the save being made) and theirs (what another tab saved meanwhile).
//
// Messages added on either side are all kept, by id, in time order: ours in their order, with the
// messages only theirs has placed among them by createdAt (a tie puts theirs first: it was saved
// first). Model calls, events and memory edits are kept by id from both sides, the same way. State
// is ours, plus the keys only theirs added. A message of the base that one side changed (and the
// other did not) is kept changed.
//
// Two histories cannot be merged when one side rewrote the base (a message of it is missing, e.g.
// summarized away) while the other changed the messages too, or when both changed one message. The
// caller then keeps the other side as a copy (save.ts). Not by position: an earlier merge places a
// message among the other side's, which moves nothing that either side holds.
//
// When the base is unknown (a thread stored before revisions, or a revision this tab no longer
// remembers), the messages both hold stand for it: the two must start with the same message, and
// hold what both have alike and in the same order; two non-empty histories that start differently
// (one was rewritten from its start) cannot be merged.

import type { Message } from '../agent/types';
import type { ContextEvent, MemoryEdit, ModelCallRecord, Thread } from './thread';

export type MergeResult =
  | {
      ok: true;
      thread: Thread;
      /** Messages of the result that only theirs had (what the other tab added). */
      fromTheirs: number;
    }
  | { ok: false; reason: string };

type MessagesMerge =
  { ok: true; messages: Message[]; fromTheirs: number } | { ok: false; reason: string };

export function mergeThreads(base: Thread | undefined, ours: Thread, theirs: Thread): MergeResult {
  const messages = mergeMessages(base?.messages, ours.messages, theirs.messages);
  if (!messages.ok) return messages;
  const events =
    ours.events || theirs.events
      ? {
          events: unionByKey(
            ours.events ?? [],
            theirs.events ?? [],
            eventKey,
            (e) => e.at,
            pickEvent,
          ),
        }
      : {};
  const titleChangedByTheirs =
    base !== undefined && ours.title === base.title && theirs.title !== base.title;
  const thread: Thread = {
    ...ours,
    title: titleChangedByTheirs ? theirs.title : ours.title,
    createdAt: Math.min(ours.createdAt, theirs.createdAt),
    updatedAt: Math.max(ours.updatedAt, theirs.updatedAt),
    messages: messages.messages,
    state: mergeState(base?.state, ours.state, theirs.state),
    calls: unionByKey(
      ours.calls,
      theirs.calls,
      (c) => c.callId,
      (c) => c.startedAt,
      pickCall,
    ),
    memoryEdits: unionByKey(ours.memoryEdits, theirs.memoryEdits, editKey, (e) => e.at, pickEdit),
    ...events,
  };
  return { ok: true, thread, fromTheirs: messages.fromTheirs };
}

function mergeMessages(
  base: readonly Message[] | undefined,
  ours: readonly Message[],
  theirs: readonly Message[],
): MessagesMerge {
  if (sameList(ours, theirs)) return { ok: true, messages: ours.slice(), fromTheirs: 0 };
  const oursById = byId(ours);
  const theirsById = byId(theirs);
  let kept: Message[];
  if (base) {
    const oursKeeps = base.every((m) => oursById.has(m.id));
    const theirsKeeps = base.every((m) => theirsById.has(m.id));
    if (!oursKeeps || !theirsKeeps) {
      // One side rewrote the history: that stands only when the other left its messages alone.
      if (!theirsKeeps && sameList(ours, base))
        return { ok: true, messages: theirs.slice(), fromTheirs: countNew(theirs, oursById) };
      if (!oursKeeps && sameList(theirs, base))
        return { ok: true, messages: ours.slice(), fromTheirs: 0 };
      return {
        ok: false,
        reason: `${oursKeeps ? 'the other tab' : 'this tab'} rewrote the thread's earlier messages while the other side changed them too`,
      };
    }
    const settled = new Map<string, Message>();
    for (const message of base) {
      const one = settle(message, oursById.get(message.id)!, theirsById.get(message.id)!);
      if (!one) return { ok: false, reason: `both tabs changed message ${message.id}` };
      settled.set(message.id, one);
    }
    kept = ours.map((m) => settled.get(m.id) ?? m);
  } else {
    // No base: what both hold must start the same and agree, in the same order.
    if (ours.length > 0 && theirs.length > 0 && ours[0]!.id !== theirs[0]!.id)
      return { ok: false, reason: 'the two histories do not start with the same message' };
    const common = ours.filter((m) => theirsById.has(m.id));
    const theirsCommon = theirs.filter((m) => oursById.has(m.id));
    const differs = common.findIndex((m, i) => !sameValue(m, theirsCommon[i]));
    if (differs >= 0)
      return {
        ok: false,
        reason: `the two tabs hold message ${common[differs]!.id} differently or in another order`,
      };
    kept = ours.slice();
  }
  const fromTheirs = theirs.filter((m) => !oursById.has(m.id));
  return {
    ok: true,
    messages: mergeByTime(fromTheirs, kept, (m) => m.createdAt),
    fromTheirs: fromTheirs.length,
  };
}

/** A message of the base after both sides: the one side's change, or undefined if both changed it. */
function settle(base: Message, ours: Message, theirs: Message): Message | undefined {
  if (ours === theirs || sameValue(ours, theirs)) return ours;
  if (sameValue(ours, base)) return theirs;
  if (sameValue(theirs, base)) return ours;
  return undefined;
}

function byId(list: readonly Message[]): Map<string, Message> {
  return new Map(list.map((m) => [m.id, m]));
}

function sameList(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && a.every((message, i) => sameValue(message, b[i]));
}

function countNew(list: readonly Message[], other: ReadonlyMap<string, Message>): number {
  return list.filter((m) => !other.has(m.id)).length;
}

/** Two sorted lists as one, each keeping its own order; on a tie `first`'s element comes first. */
export function mergeByTime<T>(
  first: readonly T[],
  second: readonly T[],
  time: (x: T) => number,
): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length && j < second.length)
    out.push(time(first[i]!) <= time(second[j]!) ? first[i++]! : second[j++]!);
  while (i < first.length) out.push(first[i++]!);
  while (j < second.length) out.push(second[j++]!);
  return out;
}

/** Ours, with what only theirs has added by time; for an element both have, `pick` decides. */
function unionByKey<T>(
  ours: readonly T[],
  theirs: readonly T[],
  key: (x: T) => string,
  time: (x: T) => number,
  pick: (ours: T, theirs: T) => T,
): T[] {
  const theirsByKey = new Map(theirs.map((x) => [key(x), x]));
  const oursKeys = new Set(ours.map(key));
  const kept = ours.map((x) => {
    const other = theirsByKey.get(key(x));
    return other === undefined || other === x ? x : pick(x, other);
  });
  return mergeByTime(
    theirs.filter((x) => !oursKeys.has(key(x))),
    kept,
    time,
  );
}

const eventKey = (event: ContextEvent) => event.id;
/** An event whose record arrived on one side only is kept with it. */
const pickEvent = (ours: ContextEvent, theirs: ContextEvent) =>
  ours.pending && !theirs.pending ? theirs : ours;
/** A model call that ended on one side only is kept ended. */
const pickCall = (ours: ModelCallRecord, theirs: ModelCallRecord) =>
  ours.endedAt === undefined && theirs.endedAt !== undefined ? theirs : ours;
const editKey = (edit: MemoryEdit) =>
  edit.journalId ?? `${edit.toolCallId}\u0000${edit.path}\u0000${edit.version}\u0000${edit.at}`;
/** An edit undone on either side is undone. */
const pickEdit = (ours: MemoryEdit, theirs: MemoryEdit) =>
  theirs.undone && !ours.undone ? { ...ours, undone: true } : ours;

/** Ours, plus the keys that only theirs added (a key ours removed since the base stays removed). */
function mergeState(
  base: Thread['state'] | undefined,
  ours: Thread['state'],
  theirs: Thread['state'],
): Thread['state'] {
  const state = { ...ours };
  for (const key of Object.keys(theirs))
    if (!(key in ours) && !(base && key in base)) state[key] = theirs[key];
  return state;
}

/** The title of the copy that keeps another tab's history when it cannot be merged. */
export function copyTitle(title: string): string {
  return `${title} (copy from another tab)`;
}

/** Deep equality of JSON-like values (what a thread holds). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => sameValue(x, other[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
