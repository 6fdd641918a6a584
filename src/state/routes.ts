// The app's addresses (SPEC section 15): `#/thread/<id>`, `#/arena` and `#/arena/<run>`, plus
// `#/new` for the new-thread screen (a thread gets its id only with its first message). Pure:
// parsing, formatting and the history rules; src/state/router.ts binds them to the window and the
// stores. A hash router is a few dozen lines and the app has five shapes and no nested views, so no
// router library: none would remove the store <-> URL binding, which is the real work.

/** Thread and arena run ids: what the app and the bundle format allow (src/core/bundle/schema.ts). */
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const MAX_ID_LENGTH = 128;
/** Longer addresses are refused before any parsing. */
export const MAX_HASH_LENGTH = 1024;
/** How much of an id or address a message shows before cutting it. */
export const SHOWN_LENGTH = 60;

export type Route =
  /** No hash (or `#/`): the most recent thread, or the new-thread screen when there is none. */
  | { view: 'start' }
  | { view: 'new' }
  | { view: 'thread'; id: string }
  | { view: 'arena' }
  | { view: 'arena-run'; id: string }
  /** An address that names no view; `text` is the address, `problem` says why. */
  | { view: 'invalid'; text: string; problem: string };

export type ViewRoute = Exclude<Route, { view: 'start' } | { view: 'invalid' }>;

export function isValidId(id: string): boolean {
  return ID.test(id);
}

const UNKNOWN =
  'It names no thread or arena run: the app’s addresses are #/thread/<id>, #/arena and #/arena/<run>.';
const ID_RULE = `an id is 1 to ${MAX_ID_LENGTH} letters, digits, dots, dashes or underscores`;

/** Reads `location.hash` (with or without its `#`). Never throws. */
export function parseRoute(hash: string): Route {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text.length > MAX_HASH_LENGTH)
    return {
      view: 'invalid',
      text,
      problem: `The address is ${text.length.toLocaleString('en-US')} characters long; the app's addresses are at most ${MAX_HASH_LENGTH.toLocaleString('en-US')}.`,
    };
  if (text === '' || text === '/') return { view: 'start' };
  const invalid = (problem: string): Route => ({ view: 'invalid', text, problem });
  if (!text.startsWith('/')) return invalid(UNKNOWN);
  const parts = text.slice(1).replace(/\/$/, '').split('/');
  const [head, raw, ...rest] = parts;
  if (rest.length > 0) return invalid(UNKNOWN);
  if (head === 'new' && raw === undefined) return { view: 'new' };
  if (head === 'arena' && raw === undefined) return { view: 'arena' };
  if ((head === 'thread' || head === 'arena') && raw !== undefined) {
    const what = head === 'thread' ? 'thread' : 'arena run';
    let id: string;
    try {
      id = decodeURIComponent(raw);
    } catch {
      return invalid(`The ${what} id in this address is not valid: ${ID_RULE}.`);
    }
    if (!isValidId(id)) return invalid(`The ${what} id in this address is not valid: ${ID_RULE}.`);
    return head === 'thread' ? { view: 'thread', id } : { view: 'arena-run', id };
  }
  return invalid(UNKNOWN);
}

/** The hash of a view, `#` included. */
export function formatRoute(route: ViewRoute): string {
  switch (route.view) {
    case 'new':
      return '#/new';
    case 'thread':
      return `#/thread/${encodeURIComponent(route.id)}`;
    case 'arena':
      return '#/arena';
    case 'arena-run':
      return `#/arena/${encodeURIComponent(route.id)}`;
  }
}

/** What is on screen, as far as the address is concerned. */
export interface View {
  /** The open thread (null: the new-thread screen). */
  thread: string | null;
  arena: boolean;
  /** The run the arena shows, and whether it is kept (only a kept run has an address). */
  run: string | null;
  kept: boolean;
}

export function sameView(a: View, b: View): boolean {
  return a.thread === b.thread && a.arena === b.arena && a.run === b.run && a.kept === b.kept;
}

export function routeOfView(view: View): ViewRoute {
  if (view.arena)
    return view.run && view.kept ? { view: 'arena-run', id: view.run } : { view: 'arena' };
  return view.thread ? { view: 'thread', id: view.thread } : { view: 'new' };
}

/**
 * Whether a change of view that did not come from the address adds a history entry ('push') or
 * renames the current one ('replace'): the new-thread screen that became a thread with its first
 * message, an arena run that got kept, or a thread that was removed did not move the person
 * anywhere, so Back should not return to the screen they were on.
 */
export function historyAction(
  before: View,
  after: View,
  facts: { threadCreated: boolean; threadRemoved: boolean },
): 'push' | 'replace' {
  if (!before.arena && !after.arena) {
    if (before.thread === null && after.thread !== null && facts.threadCreated) return 'replace';
    if (before.thread !== null && after.thread !== before.thread && facts.threadRemoved)
      return 'replace';
  }
  if (before.arena && after.arena && before.run === after.run) return 'replace';
  return 'push';
}

/**
 * An id or address as a message shows it: invisible and direction-changing characters are made
 * visible as U+FFFD, and it is cut at SHOWN_LENGTH characters (the caller says so when `cut`).
 */
export function shownText(text: string): { text: string; cut: boolean; length: number } {
  const chars = [...text];
  const visible = chars
    .slice(0, SHOWN_LENGTH)
    .map((c) => (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(c) ? '\uFFFD' : c))
    .join('');
  return { text: visible, cut: chars.length > SHOWN_LENGTH, length: chars.length };
}
