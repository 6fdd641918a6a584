// The arena store over a stand-in worker (Node has no Vite-built workers) and the real kept-runs
// store (fake-indexeddb): a run shows its progress and results, is kept, and can be read back;
// Stop always gives Run back, even when the worker never answers; a worker that cannot take the
// run ends it with the reason. And the entries: a recorded session ticks the Deep Agents pair.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromArenaWorker, ToArenaWorker } from '../../core/arena/protocol';
import type { StrategyRun } from '../../core/arena/results';
import { initialEntries, tickForSession } from './entries';
import { useArenaStore } from './index';

class StandInWorker {
  static made: StandInWorker[] = [];
  posted: ToArenaWorker[] = [];
  terminated = false;
  failPost: Error | undefined;
  onmessage: ((event: { data: FromArenaWorker }) => void) | null = null;
  onerror: unknown = null;
  onmessageerror: unknown = null;
  constructor() {
    StandInWorker.made.push(this);
  }
  postMessage(message: ToArenaWorker) {
    if (this.failPost) throw this.failPost;
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  say(data: FromArenaWorker) {
    this.onmessage?.({ data });
  }
}

const latest = () => StandInWorker.made.at(-1)!;
const runIdOf = (worker: StandInWorker) => {
  const run = worker.posted.findLast((m) => m.type === 'run');
  if (!run || run.type !== 'run') throw new Error('no run was posted');
  return run.runId;
};
const resultFor = (key: string): StrategyRun =>
  ({ key, label: key, partial: false, turns: [], probes: [] }) as unknown as StrategyRun;

const initial = useArenaStore.getState();

beforeEach(() => {
  vi.stubGlobal('Worker', StandInWorker);
  useArenaStore.setState({ ...initial, entries: initialEntries() }, true);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the arena run', () => {
  it('shows progress and results as they come, then keeps the run to read back', async () => {
    await useArenaStore.getState().run();
    expect(useArenaStore.getState().running).toBe(true);
    const worker = latest();
    const runId = runIdOf(worker);
    const ticked = useArenaStore.getState().entries.filter((e) => e.enabled);
    worker.say({ type: 'progress', runId, key: ticked[0]!.key, done: 2, total: 5 });
    expect(useArenaStore.getState().progress[ticked[0]!.key]).toEqual({ done: 2, total: 5 });
    for (const e of ticked) worker.say({ type: 'result', runId, run: resultFor(e.key) });
    worker.say({ type: 'done', runId, stopped: false, cache: { size: 0 } });
    const state = useArenaStore.getState();
    expect(state.running).toBe(false);
    expect(state.current?.runs.map((r) => r.key)).toEqual(ticked.map((e) => e.key));
    expect(state.current?.partial).toBe(false);
    await vi.waitFor(() => expect(useArenaStore.getState().kept).toBe(true));
    expect(useArenaStore.getState().past[0]?.id).toBe(runId);
    expect((await useArenaStore.getState().loadRun(runId))?.runs).toHaveLength(ticked.length);
  });

  it('ignores messages about another run', async () => {
    await useArenaStore.getState().run();
    latest().say({ type: 'done', runId: 'arena_other', stopped: false, cache: { size: 0 } });
    expect(useArenaStore.getState().running).toBe(true);
    useArenaStore.getState().stop();
    latest().say({ type: 'done', runId: runIdOf(latest()), stopped: true, cache: { size: 0 } });
    expect(useArenaStore.getState().running).toBe(false);
  });

  it('gives Run back when the worker does not answer Stop, and marks the run partial', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await useArenaStore.getState().run();
    const worker = latest();
    useArenaStore.getState().stop();
    expect(worker.posted.at(-1)?.type).toBe('stop');
    expect(useArenaStore.getState().running).toBe(true);
    vi.advanceTimersByTime(3_000);
    const state = useArenaStore.getState();
    expect(state.running).toBe(false);
    expect(state.current?.partial).toBe(true);
    expect(state.runError).toMatch(/did not answer Stop within 3 seconds/);
    expect(worker.terminated).toBe(true);
    // The next run starts a fresh worker.
    await useArenaStore.getState().run();
    expect(latest()).not.toBe(worker);
  });

  it('ends the run with the reason when the worker cannot take it', async () => {
    await useArenaStore.getState().run();
    latest().say({ type: 'done', runId: runIdOf(latest()), stopped: false, cache: { size: 0 } });
    latest().failPost = Object.assign(new Error('could not be cloned'), { name: 'DataCloneError' });
    await useArenaStore.getState().run();
    const state = useArenaStore.getState();
    expect(state.running).toBe(false);
    expect(state.runError).toMatch(/could not hand the run to its worker: DataCloneError/);
  });
});

describe('the entries', () => {
  it('a recorded session ticks Deep Agents and adds its keep-specifics variant once', () => {
    const once = tickForSession(initialEntries());
    const deep = once.filter((e) => e.id === 'deep-agents');
    expect(deep.map((e) => [e.enabled, e.values.keepSpecifics === true])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(tickForSession(once).filter((e) => e.id === 'deep-agents')).toHaveLength(2);
  });

  it('a variant with a field that does not parse is not run, and says why', async () => {
    useArenaStore.getState().addVariant('sliding-window');
    const variant = useArenaStore.getState().entries.find((e) => e.key === 'sliding-window#2')!;
    const field = Object.keys(variant.values)[0]!;
    useArenaStore.getState().setValue(variant.key, field, 'not a number');
    await useArenaStore.getState().run();
    const state = useArenaStore.getState();
    expect(state.running).toBe(false);
    expect(state.entries.find((e) => e.key === variant.key)?.problems.length).toBeGreaterThan(0);
  });
});
