// The execute sandbox: one dedicated module worker per run (the page creates it, sends one 'run'
// message, and terminates it when the run ends, times out or prints too much). The code runs as the
// body of an async function with console.* captured; printed text streams to the page in chunks, so
// a run stopped at the time limit still returns what it printed.
//
// Isolation, honestly stated:
// - A worker has no DOM and no access to the page's memory (API keys, stores): it sees only the
//   code it is sent.
// - Before the code runs, the network and storage APIs of the worker's global scope are replaced by
//   stubs that throw, as non-configurable properties so the code cannot put them back: fetch,
//   XMLHttpRequest, WebSocket, EventSource, WebTransport, importScripts, Worker, SharedWorker,
//   BroadcastChannel (other tabs), indexedDB and caches (the app's own storage), navigator.storage
//   (the origin private file system) and navigator.serviceWorker.
// - Dynamic import() is syntax, not a property, so it cannot be replaced; and the page's
//   Content-Security-Policy (a <meta> tag) does not apply to a worker loaded from a URL. So code is
//   refused when it contains import(…), and code cannot be built from strings at run time (eval,
//   the Function constructors and string timers throw), which would otherwise hide an import().
//   This is a source check, not a proof: a CSP header served with the worker script
//   (script-src 'self') is the real guarantee where the hosting allows headers.
// - The code may hog a CPU core until the time limit, which then ends it (worker.terminate()).

import { OutputCollector, formatConsoleArgs, formatValue } from '../core/tools/sandbox-output';

export interface ExecuteRunRequest {
  type: 'run';
  code: string;
  maxOutputChars: number;
}

export type ExecuteWorkerMessage =
  /** The code is about to start (the page starts the time limit here, after the worker loaded). */
  | { type: 'started' }
  /** More printed text. */
  | { type: 'output'; text: string }
  /** The output cap was reached: the page stops the run. */
  | { type: 'capped' }
  | { type: 'done'; error?: string };

interface WorkerScope {
  postMessage(message: ExecuteWorkerMessage): void;
  onmessage: ((event: MessageEvent<ExecuteRunRequest>) => void) | null;
  addEventListener(type: string, listener: (event: Event) => void): void;
  console: Console;
}

const scope = globalThis as unknown as WorkerScope;
// Kept before the code runs: the code itself gets a postMessage that does nothing.
const post = scope.postMessage.bind(scope);
const FLUSH_CHARS = 16_384;
const FLUSH_MS = 50;
/** import( as a call, comments allowed before the parenthesis; not a method named import. */
const DYNAMIC_IMPORT = /(?<![.\w$])import\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*\(/;

let started = false;
scope.onmessage = (event) => {
  if (started || event.data?.type !== 'run') return;
  started = true;
  void run(event.data);
};

async function run({ code, maxOutputChars }: ExecuteRunRequest): Promise<void> {
  const output = new OutputCollector(maxOutputChars);
  let finished = false;
  const flush = () => {
    const text = output.drain();
    if (text) post({ type: 'output', text });
  };
  const print = (...args: unknown[]) => {
    if (finished || output.truncated) return;
    let line: string;
    try {
      line = formatConsoleArgs(args);
    } catch (error) {
      line = `[could not print: ${String(error)}]`;
    }
    const kept = output.append(line);
    if (output.pending >= FLUSH_CHARS || !kept) flush();
    if (!kept) post({ type: 'capped' });
  };
  const finish = (error?: string) => {
    if (finished) return;
    finished = true;
    flush();
    post(error === undefined ? { type: 'done' } : { type: 'done', error });
  };

  const sandboxConsole = makeConsole(print);
  // Errors thrown later from timers or floating promises end the run too, as they would a script.
  scope.addEventListener('error', (event) => {
    event.preventDefault();
    finish(describeError((event as ErrorEvent).error ?? (event as ErrorEvent).message));
  });
  scope.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    finish(
      `Unhandled promise rejection: ${describeError((event as PromiseRejectionEvent).reason)}`,
    );
  });
  setInterval(flush, FLUSH_MS);

  if (DYNAMIC_IMPORT.test(code)) {
    finish(
      'the code uses import(), which the execute sandbox does not allow: code may not load modules or reach the network.',
    );
    return;
  }
  type AsyncBody = (console: Console) => Promise<unknown>;
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => AsyncBody;
  let body: AsyncBody;
  try {
    body = new AsyncFunction('console', code);
  } catch (error) {
    finish(describeError(error));
    return;
  }
  // Only now: the body above was the last code built from a string.
  lockDown(sandboxConsole);
  post({ type: 'started' });
  try {
    await body(sandboxConsole);
    // Let zero-delay timers the code started print before the run ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish();
  } catch (error) {
    finish(describeError(error));
  }
}

function makeConsole(print: (...args: unknown[]) => void): Console {
  const counts = new Map<string, number>();
  const timers = new Map<string, number>();
  const sandbox = {
    log: print,
    info: print,
    debug: print,
    warn: print,
    error: print,
    trace: print,
    dir: (value: unknown) => print(formatValue(value)),
    table: (value: unknown) => print(formatValue(value)),
    assert: (condition: unknown, ...args: unknown[]) => {
      if (!condition) print('Assertion failed', ...args);
    },
    count: (label = 'default') => {
      const n = (counts.get(label) ?? 0) + 1;
      counts.set(label, n);
      print(`${label}: ${n}`);
    },
    countReset: (label = 'default') => counts.delete(label),
    time: (label = 'default') => timers.set(label, performance.now()),
    timeLog: (label = 'default', ...args: unknown[]) =>
      print(
        `${label}: ${(performance.now() - (timers.get(label) ?? performance.now())).toFixed(3)}ms`,
        ...args,
      ),
    timeEnd: (label = 'default') => {
      print(
        `${label}: ${(performance.now() - (timers.get(label) ?? performance.now())).toFixed(3)}ms`,
      );
      timers.delete(label);
    },
    group: print,
    groupCollapsed: print,
    groupEnd: () => {},
    clear: () => {},
  };
  return sandbox as unknown as Console;
}

function blocked(name: string, why = 'no network or storage access') {
  return function blockedApi(): never {
    throw new Error(`${name} is not available in the execute sandbox (${why}).`);
  };
}

/** Replaces network and storage entry points with throwing stubs that cannot be put back. */
function lockDown(sandboxConsole: Console): void {
  const global = globalThis as unknown as Record<string, unknown>;
  const seal = (target: object, name: string, value: unknown) => {
    try {
      Object.defineProperty(target, name, {
        value,
        writable: false,
        configurable: false,
        enumerable: false,
      });
    } catch {
      // Already non-configurable in this browser: it stays whatever it was.
    }
  };
  for (const name of [
    'fetch',
    'XMLHttpRequest',
    'WebSocket',
    'WebSocketStream',
    'EventSource',
    'WebTransport',
    'importScripts',
    'Worker',
    'SharedWorker',
    'BroadcastChannel',
  ])
    seal(global, name, blocked(name));
  // No code from strings: it could hold an import() the source check above never saw.
  const noStringCode = blocked(
    'Building code from a string (eval, new Function, a string timer)',
    'it could load code from the network',
  );
  for (const fn of [function () {}, async function () {}, function* () {}, async function* () {}])
    seal(Object.getPrototypeOf(fn), 'constructor', noStringCode);
  seal(global, 'Function', noStringCode);
  seal(global, 'eval', noStringCode);
  for (const name of ['setTimeout', 'setInterval'] as const) {
    const original = global[name] as (handler: unknown, ...rest: unknown[]) => number;
    seal(global, name, (handler: unknown, ...rest: unknown[]) => {
      if (typeof handler !== 'function') return noStringCode();
      return original.call(globalThis, handler, ...rest);
    });
  }
  seal(global, 'indexedDB', undefined);
  seal(global, 'caches', undefined);
  seal(global, 'postMessage', () => {});
  seal(global, 'console', sandboxConsole);
  // navigator.storage / serviceWorker are getters on the prototype: replace them there.
  const navigatorProto = Object.getPrototypeOf(global.navigator ?? {}) as object | null;
  if (navigatorProto) {
    for (const name of ['storage', 'serviceWorker']) {
      try {
        Object.defineProperty(navigatorProto, name, { get: () => undefined, configurable: false });
      } catch {
        // not present or not configurable
      }
    }
  }
}

/** "Name: message", with the line in the code when the engine tells it (V8: <anonymous>:L:C). */
function describeError(error: unknown): string {
  if (error instanceof Error) {
    const text = `${error.name}: ${error.message}`;
    // new AsyncFunction puts two lines of its own before the body.
    const at = /<anonymous>:(\d+):(\d+)/.exec(error.stack ?? '');
    const line = at ? Number(at[1]) - 2 : 0;
    return line >= 1 ? `${text} (line ${line} of the code)` : text;
  }
  return `Uncaught ${formatValue(error, 1)}`;
}
