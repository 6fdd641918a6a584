// The address bar and the stores, kept in step. The address decides which view is open: at start,
// and on every hashchange (Back, Forward, a followed link) it is read and applied to the stores.
// Any other change of view (a thread clicked in the list, the Arena button, a new thread's first
// message, a kept run opened) is written back to the address: pushed, or replaced where the person
// did not move (src/state/routes.ts, historyAction). Applying an address never writes one, so the
// two directions cannot feed each other.

import { loadThread } from '../core/thread/save';
import { create, type StoreApi } from 'zustand';
import {
  formatRoute,
  historyAction,
  parseRoute,
  routeOfView,
  sameView,
  shownText,
  type Route,
  type View,
  type ViewRoute,
} from './routes';
import { useArenaStore } from './arena';
import { useChatStore } from './chat';
import { getServices } from './services';
import { errorText } from '../core/text/errors';

/** An address that names nothing the app holds: shown in place of the view it names. */
export interface RouteProblem {
  kind: 'thread' | 'run' | 'address';
  /** The id or the address, made safe to show and cut at SHOWN_LENGTH characters. */
  shown: string;
  cut: boolean;
  length: number;
  /** Why an address names no view (kind 'address'). */
  detail?: string;
}

interface RouteState {
  problem: RouteProblem | null;
  /** Why the address did not change the view (a run going on), until the next change. */
  notice: string | null;
  /** See startRouter. */
  start(): Promise<void>;
  /** See openNewThread. */
  openNewThread(): void;
}

function currentView(): View {
  const chat = useChatStore.getState();
  const arena = useArenaStore.getState();
  return {
    thread: chat.thread?.id ?? null,
    arena: arena.open,
    run: arena.current?.id ?? null,
    kept: arena.kept,
  };
}

/**
 * The address and the stores kept in step. What it holds while the app runs (the view last
 * written, whether an address is being applied, the read under way, the start) lives in this
 * closure, made once by the route store below: nothing run-time is module state.
 */
function createAddressSync(
  set: StoreApi<RouteState>['setState'],
  get: StoreApi<RouteState>['getState'],
) {
  let view: View = { thread: null, arena: false, run: null, kept: false };
  /** Above zero while an address is being applied: the stores' changes are not written back. */
  let applying = 0;
  /** Bumped by every address read, so a slow read that was overtaken changes nothing. */
  let readSeq = 0;
  let started: Promise<void> | undefined;

  function write(hash: string, action: 'push' | 'replace') {
    if (location.hash === hash) return; // never a duplicate entry
    if (action === 'push') history.pushState(null, '', hash);
    else history.replaceState(null, '', hash);
  }

  /** Runs store changes that come from the address; the view they leave is the new baseline. */
  function commit(change: () => void) {
    applying++;
    try {
      change();
    } finally {
      applying--;
      view = currentView();
    }
  }

  function problemOf(kind: RouteProblem['kind'], text: string, detail?: string): RouteProblem {
    const shown = shownText(text);
    return {
      kind,
      shown: shown.text,
      cut: shown.cut,
      length: shown.length,
      ...(detail ? { detail } : {}),
    };
  }

  /** The address asked for a view a run keeps from opening: the address goes back to what is shown. */
  function refuse(notice: string) {
    commit(() => set({ notice }));
    write(formatRoute(routeOfView(view)), 'replace');
  }

  /** Storage failed to answer: that is said, and the address goes back to what is shown (null). */
  function unreadable(what: 'thread' | 'run', error: unknown): null {
    const reason = errorText(error);
    refuse(
      `The ${what === 'thread' ? 'thread' : 'arena run'} could not be read from this browser's storage: ${reason}`,
    );
    return null;
  }

  async function apply(route: Route): Promise<void> {
    const seq = ++readSeq;
    const hash = location.hash;
    const overtaken = () => seq !== readSeq || location.hash !== hash;
    const chat = useChatStore.getState();
    const arena = useArenaStore.getState();
    const clear = { problem: null, notice: null };

    /**
     * A stored thread or arena run by its id: the one shown already stays; while a run is going the
     * address is refused; otherwise it is read and shown, or its absence is said over `instead`.
     */
    async function openStored<T>(open: {
      kind: 'thread' | 'run';
      id: string;
      shown: boolean;
      busy: string | null;
      load: () => Promise<T | undefined>;
      show: (loaded: T) => boolean;
      instead: () => void;
    }): Promise<void> {
      const inArena = open.kind === 'run';
      if (open.shown) {
        commit(() => {
          set(clear);
          arena.setOpen(inArena);
        });
        return;
      }
      if (open.busy) {
        refuse(open.busy);
        return;
      }
      const loaded = await open.load().catch((error: unknown) => unreadable(open.kind, error));
      if (overtaken() || loaded === null) return;
      commit(() => {
        arena.setOpen(inArena);
        if (loaded && open.show(loaded)) {
          set(clear);
        } else {
          open.instead();
          set({ problem: problemOf(open.kind, open.id), notice: null });
        }
      });
    }

    switch (route.view) {
      case 'start': {
        // The most recent thread, or the new-thread screen; the address then names it.
        const recent = chat.threads[0];
        const next: ViewRoute = recent ? { view: 'thread', id: recent.id } : { view: 'new' };
        history.replaceState(null, '', formatRoute(next));
        return apply(next);
      }
      case 'new':
        if (chat.running && chat.thread) {
          refuse(RUNNING_THREAD);
          return;
        }
        commit(() => {
          set(clear);
          arena.setOpen(false);
          chat.newThread();
        });
        return;
      case 'thread':
        return openStored({
          kind: 'thread',
          id: route.id,
          shown: chat.thread?.id === route.id,
          busy: chat.running ? RUNNING_THREAD : null,
          // Read with its revision, so the session's first save knows what it started from.
          load: () => loadThread(getServices().threads, route.id),
          show: (loaded) => useChatStore.getState().showThread(loaded.thread, loaded.revision),
          instead: () => useChatStore.getState().newThread(),
        });
      case 'arena':
        commit(() => {
          set(clear);
          arena.setOpen(true);
          // #/arena is the arena with no kept run; a run going on stays (it has no address yet).
          if (useArenaStore.getState().kept) useArenaStore.getState().clearRun();
        });
        return;
      case 'arena-run':
        return openStored({
          kind: 'run',
          id: route.id,
          shown: arena.current?.id === route.id,
          busy: arena.running
            ? 'An arena run is going: stop it or let it finish before opening another run.'
            : null,
          load: () => arena.loadRun(route.id),
          show: (run) => useArenaStore.getState().showRun(run),
          instead: () => useArenaStore.getState().clearRun(),
        });
      case 'invalid':
        commit(() => {
          arena.setOpen(false);
          if (!chat.running) chat.newThread();
          set({
            problem: problemOf('address', `#${route.text}`, route.problem),
            notice: null,
          });
        });
        return;
    }
  }

  const RUNNING_THREAD =
    'A reply is being written in the open thread: stop it or let it finish before opening another thread.';

  /**
   * A change of view that did not come from the address: the address follows it. `force`: write it
   * even when the view is the same (leaving a "no longer exists" message, which has no view of its own).
   */
  function follow(force = false) {
    if (applying > 0) return;
    const next = currentView();
    if (!force && sameView(next, view)) return;
    const before = view;
    view = next;
    const { problem, notice } = get();
    if (problem || notice) set({ problem: null, notice: null });
    const chat = useChatStore.getState();
    const action = historyAction(before, next, {
      // A thread appears on the new-thread screen only when its first message is sent.
      threadCreated: chat.running,
      threadRemoved: before.thread !== null && !chat.threads.some((t) => t.id === before.thread),
    });
    write(formatRoute(routeOfView(next)), action);
  }

  const onStoreChange = () => follow();

  function onAddressChange() {
    void apply(parseRoute(location.hash));
  }

  function start(): Promise<void> {
    started ??= (async () => {
      view = currentView();
      await apply(parseRoute(location.hash));
      useChatStore.subscribe(onStoreChange);
      useArenaStore.subscribe(onStoreChange);
      // Back and Forward between entries that differ in their hash fire hashchange (popstate too:
      // listening to one is enough).
      window.addEventListener('hashchange', onAddressChange);
    })();
    return started;
  }

  function openNewThread() {
    if (useChatStore.getState().running) return;
    const hadProblem = get().problem !== null;
    applying++;
    try {
      useArenaStore.getState().setOpen(false);
      useChatStore.getState().newThread();
    } finally {
      applying--;
    }
    follow(hadProblem);
  }

  return { start, openNewThread };
}

export const useRouteStore = create<RouteState>((set, get) => ({
  problem: null,
  notice: null,
  ...createAddressSync(set, get),
}));

/**
 * Applies the address the app was opened with, then keeps address and stores in step (once; the
 * threads must be loaded first).
 */
export const startRouter = (): Promise<void> => useRouteStore.getState().start();

/**
 * The "New thread" button: the new-thread screen, from the arena too, and away from a "no longer
 * exists" message (which shows with no thread open, so the stores alone would see no change).
 */
export const openNewThread = (): void => useRouteStore.getState().openNewThread();
