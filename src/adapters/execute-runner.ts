// The browser CodeRunner for the execute tool: a fresh dedicated module worker per run (no state
// leaks between runs), terminated when the run ends, at the time limit, when the output cap is
// reached, or when the user presses Stop. See src/workers/execute.worker.ts for what the sandbox
// blocks and what it cannot.
import type { CodeRunOptions, CodeRunResult, CodeRunner } from '../core/tools/execute';
import type { ExecuteRunRequest, ExecuteWorkerMessage } from '../workers/execute.worker';

export interface WorkerRunnerOptions {
  /** Creates the worker; defaults to the bundled execute worker. For tests. */
  createWorker?: () => Worker;
  /** How long the worker may take to load before the run counts as failed (default 10 s). */
  startupTimeoutMs?: number;
}

export function createWorkerCodeRunner(options: WorkerRunnerOptions = {}): CodeRunner {
  const createWorker =
    options.createWorker ??
    (() =>
      new Worker(new URL('../workers/execute.worker.ts', import.meta.url), {
        type: 'module',
        name: 'execute sandbox',
      }));
  const startupTimeoutMs = options.startupTimeoutMs ?? 10_000;

  return {
    run(code: string, { timeoutMs, maxOutputChars, signal }: CodeRunOptions) {
      return new Promise<CodeRunResult>((resolve) => {
        if (signal.aborted) {
          resolve({ output: '', aborted: true });
          return;
        }
        let output = '';
        let truncated = false;
        let settled = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        let worker: Worker;
        try {
          worker = createWorker();
        } catch (error) {
          resolve({ output: '', error: `the sandbox could not start: ${describe(error)}` });
          return;
        }

        const finish = (result: Omit<CodeRunResult, 'output'>) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          worker.terminate();
          resolve({ output, ...(truncated ? { truncated: true } : {}), ...result });
        };
        const onAbort = () => finish({ aborted: true });
        signal.addEventListener('abort', onAbort, { once: true });

        // Until the worker says it started, the startup limit applies; then the run's own limit.
        timer = setTimeout(
          () => finish({ error: 'the sandbox did not start in time.' }),
          startupTimeoutMs,
        );

        worker.onmessage = (event: MessageEvent<ExecuteWorkerMessage>) => {
          const message = event.data;
          switch (message?.type) {
            case 'started':
              clearTimeout(timer);
              timer = setTimeout(() => finish({ timedOut: true }), timeoutMs);
              break;
            case 'output': {
              // The worker caps too; this keeps the page safe even if it did not.
              const room = maxOutputChars - output.length;
              if (message.text.length > room) {
                output += message.text.slice(0, Math.max(0, room));
                truncated = true;
                finish({});
              } else output += message.text;
              break;
            }
            case 'capped':
              truncated = true;
              finish({});
              break;
            case 'done':
              finish(message.error === undefined ? {} : { error: message.error });
              break;
            default:
              break;
          }
        };
        worker.onerror = (event: ErrorEvent) => {
          event.preventDefault();
          finish({ error: event.message || 'the sandbox failed to load.' });
        };
        worker.onmessageerror = () =>
          finish({ error: 'the sandbox sent a message that could not be read.' });

        const request: ExecuteRunRequest = { type: 'run', code, maxOutputChars };
        worker.postMessage(request);
      });
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
