// The execute sandbox's worker: it runs one piece of model-written code as the body of an async
// function with console.* captured; printed text streams out in chunks, so a run stopped at the
// time limit still returns what it printed.
//
// Isolation is structural, not a list of blocked names (src/adapters/execute-runner.ts):
// - This file is bundled into one classic script (scripts/vite-security.ts) that the page hands to
//   public/sandbox/execute.html, a document in an iframe sandboxed WITHOUT allow-same-origin. The
//   iframe starts this worker from a blob: URL, so the worker has the iframe's opaque origin: the
//   app's IndexedDB, caches, cookies and other tabs (BroadcastChannel) do not exist for it.
// - The iframe document's Content-Security-Policy (default-src 'none'; connect-src 'none'; script
//   only its own inline script and eval; worker-src blob:) is inherited by this worker and by any
//   worker it starts: fetch, XHR, WebSocket, EventSource, importScripts and import() are refused
//   by the browser, whatever path the code finds to them (prototypes, constructors, nested workers).
// - The only way out is postMessage to the iframe, which relays it to the page over a private
//   MessagePort; the page accepts only the four message shapes below and uses them as output.
// - The page removes the iframe when the run ends, at the time limit, when the output cap is
//   reached or on Stop, which ends this worker and any worker it started.

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
// Kept before the code runs (the code can post too, but only to the iframe, which relays it to a
// page that treats it as output).
const post = scope.postMessage.bind(scope);
const FLUSH_CHARS = 16_384;
const FLUSH_MS = 50;

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
