// Where each thread's conversation was scrolled, so a reload (or a return to the thread) shows the
// same place. Kept in sessionStorage: it belongs to this tab, survives its reloads and goes with it.
// A position is the message at the top of the view and how far into it, so a changed width (text
// wrapping differently) still shows the same message; a thread scrolled to the end stays pinned there.

import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { parseJsonList } from '../../state/views/conversation';

export interface ScrollPosition {
  /** Pinned to the end: new content keeps it at the end. */
  bottom: boolean;
  /** The DOM id of the message at the top of the view, and the pixels scrolled past its top. */
  anchor?: string;
  offset: number;
}

const KEY = 'mp-scroll';
/** Threads remembered (the least recently scrolled go first). */
export const MAX_REMEMBERED = 200;
const PINNED_SLACK = 8;
const WRITE_DELAY_MS = 200;
const ANCHOR = /^msg-[A-Za-z0-9._-]{1,160}$/;

/** Thread id and position, least recently scrolled first (an array: object keys that look like
 * numbers would not keep their order). */
type ScrollMap = [string, ScrollPosition][];

/** Reads the stored list, dropping anything that is not a well-formed entry. */
export function parseScrollMap(text: string | null): ScrollMap {
  if (!text) return [];
  const map: ScrollMap = [];
  for (const entry of parseJsonList(text).slice(-MAX_REMEMBERED)) {
    if (!Array.isArray(entry) || entry.length !== 2) continue;
    const [id, value] = entry as unknown[];
    if (typeof id !== 'string' || !value || typeof value !== 'object') continue;
    const { bottom, anchor, offset } = value as Record<string, unknown>;
    if (typeof bottom !== 'boolean' || typeof offset !== 'number' || !Number.isFinite(offset))
      continue;
    map.push([
      id,
      {
        bottom,
        offset: Math.max(0, offset),
        ...(typeof anchor === 'string' && ANCHOR.test(anchor) ? { anchor } : {}),
      },
    ]);
  }
  return map;
}

/** The list with one thread's position, moved to the end; at most MAX_REMEMBERED threads. */
export function withPosition(
  map: ScrollMap,
  threadId: string,
  position: ScrollPosition,
): ScrollMap {
  const entry: [string, ScrollPosition] = [threadId, position];
  return [...map.filter(([id]) => id !== threadId), entry].slice(-MAX_REMEMBERED);
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The position remembered for a thread (undefined: none, the thread opens at its end). */
export function readPosition(threadId: string): ScrollPosition | undefined {
  return parseScrollMap(storage()?.getItem(KEY) ?? null).find(([id]) => id === threadId)?.[1];
}

function writePosition(threadId: string, position: ScrollPosition) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(
      KEY,
      JSON.stringify(withPosition(parseScrollMap(store.getItem(KEY)), threadId, position)),
    );
  } catch {
    // a full storage only loses the remembered position
  }
}

/** Where `container` is scrolled: the first message whose bottom is below the top of the view. */
function measure(container: HTMLElement): ScrollPosition {
  const { scrollTop, scrollHeight, clientHeight } = container;
  const bottom = scrollHeight - scrollTop - clientHeight <= PINNED_SLACK;
  const top = container.getBoundingClientRect().top;
  // The messages in the page (a long thread has only those in view and a few around them).
  const messages = container.querySelectorAll<HTMLElement>('[id^="msg-"]');
  let low = 0;
  let high = messages.length - 1;
  let found: HTMLElement | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const element = messages[middle]!;
    if (element.getBoundingClientRect().bottom > top) {
      found = element;
      high = middle - 1;
    } else low = middle + 1;
  }
  if (!found) return { bottom, offset: scrollTop };
  return { bottom, anchor: found.id, offset: top - found.getBoundingClientRect().top };
}

/**
 * A virtualized list's own scrolling: a message out of view is not in the page, so the list finds
 * it by its estimated and measured sizes, and keeps the end in view while rows there are measured.
 */
export interface VirtualScroll {
  /** Scrolls to the end and stays there while the rows at the end are measured. */
  toEnd(): void;
  /** Scrolls so that the message (its id) is `offset` pixels above the top of the view. */
  toMessage(id: string, offset: number): boolean;
}

function toEnd(container: HTMLElement, virtual: VirtualScroll | undefined) {
  container.scrollTop = container.scrollHeight;
  virtual?.toEnd();
}

function restore(
  container: HTMLElement,
  position: ScrollPosition | undefined,
  virtual: VirtualScroll | undefined,
) {
  if (!position || position.bottom) {
    toEnd(container, virtual);
    return;
  }
  const anchor = position.anchor ? document.getElementById(position.anchor) : null;
  if (anchor && container.contains(anchor)) {
    const into = anchor.getBoundingClientRect().top - container.getBoundingClientRect().top;
    container.scrollTop = container.scrollTop + into + position.offset;
  } else if (
    !position.anchor ||
    !virtual?.toMessage(position.anchor.slice('msg-'.length), position.offset)
  )
    container.scrollTop = position.offset;
}

/**
 * Remembers the conversation's scroll position per thread and puts it back when the thread is
 * shown again (after a reload too); within a thread, new content scrolls to the end as before.
 * Returns what keeps a growing reply in view (the streaming message calls it as it grows).
 */
export function useScrollMemory(
  ref: RefObject<HTMLElement | null>,
  threadId: string | null,
  count: number,
  /** The end of a run scrolls to the end too: the Demo's suggestions appear under its last answer. */
  running = false,
  /** The list's own scrolling, when it is virtualized. */
  virtual?: VirtualScroll,
): () => void {
  const shown = useRef<{ id: string | null; count: number; running: boolean } | null>(null);
  const pending = useRef<{ id: string; position: ScrollPosition } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = useRef(threadId);
  const virtualRef = useRef(virtual);

  const flush = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    pending.current = null;
    if (next) writePosition(next.id, next.position);
  };

  useLayoutEffect(() => {
    virtualRef.current = virtual;
    const container = ref.current;
    if (!container) return;
    const last = shown.current;
    if (!last || last.id !== threadId) {
      flush(); // measured on the thread that was shown
      current.current = threadId;
      restore(container, threadId ? readPosition(threadId) : undefined, virtual);
    } else if (count !== last.count || (last.running && !running)) {
      toEnd(container, virtual);
    }
    shown.current = { id: threadId, count, running };
  }, [ref, threadId, count, running, virtual]);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    // Measured at once (the DOM is the thread's), written a moment later.
    const onScroll = () => {
      const id = current.current;
      if (!id) return;
      pending.current = { id, position: measure(container) };
      timer.current ??= setTimeout(flush, WRITE_DELAY_MS);
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', flush);
    return () => {
      container.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [ref]);

  return useCallback(() => {
    const container = ref.current;
    if (container) toEnd(container, virtualRef.current);
  }, [ref]);
}
