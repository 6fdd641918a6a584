// The browser CodeRunner for the execute tool. Each run gets a fresh sandbox: an iframe of
// public/sandbox/execute.html sandboxed with allow-scripts only (an opaque origin: none of the
// app's IndexedDB, caches, cookies or tabs), whose Content-Security-Policy allows no network at
// all. The iframe starts the execute worker (src/workers/execute.worker.ts) from a blob: URL, so
// the worker shares that origin and policy. Isolation is the browser's, not a list of blocked names.
//
// The page and the sandbox talk over a private MessageChannel. What comes back is untrusted: only
// the four message shapes of ExecuteWorkerMessage are read, and only as output, each cut at the
// output cap (src/core/limits.ts) with the cut said; 'started' counts
// once (code cannot restart its own time limit). The run ends (the iframe is removed, which ends
// the worker and any worker it started) when it finishes, at the time limit, at the output cap, or
// when the user presses Stop.
import workerSource from 'virtual:execute-worker-source';
import type { CodeRunOptions, CodeRunResult, CodeRunner } from '../core/tools/execute';
import { capSandboxText } from '../core/tools/sandbox-output';
import type { ExecuteWorkerMessage } from '../workers/execute.worker';
import { errorText } from '../core/text/errors';

/** Where the sandbox document is served (public/sandbox/execute.html). */
export const SANDBOX_URL = `${import.meta.env.BASE_URL}sandbox/execute.html`;

/** What the page sends the sandbox document: the worker to start and the code to run. */
export interface SandboxRunRequest {
  type: 'run';
  source: string;
  code: string;
  maxOutputChars: number;
}

export interface WorkerRunnerOptions {
  /** How long the sandbox may take to load before the run counts as failed (default 10 s). */
  startupTimeoutMs?: number;
  /** Where the sandbox iframe is attached (default document.body). For tests. */
  container?: () => HTMLElement;
}

/**
 * The message if it has one of the four shapes the worker sends; otherwise null. Error text is cut
 * at `maxChars` here, where it enters the page (output is counted against the cap by the runner).
 */
export function readSandboxMessage(data: unknown, maxChars: number): ExecuteWorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case 'started':
      return { type: 'started' };
    case 'capped':
      return { type: 'capped' };
    case 'output':
      return typeof message.text === 'string' ? { type: 'output', text: message.text } : null;
    case 'done':
      if (message.error === undefined) return { type: 'done' };
      return typeof message.error === 'string'
        ? { type: 'done', error: capSandboxText(message.error, maxChars) }
        : null;
    default:
      return null;
  }
}

export function createWorkerCodeRunner(options: WorkerRunnerOptions = {}): CodeRunner {
  const startupTimeoutMs = options.startupTimeoutMs ?? 10_000;
  const container = options.container ?? (() => document.body);

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
        let started = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const channel = new MessageChannel();
        const frame = document.createElement('iframe');

        const finish = (result: Omit<CodeRunResult, 'output'>) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          channel.port1.close();
          // Removing the document ends its worker (and any worker the code started).
          frame.remove();
          resolve({ output, ...(truncated ? { truncated: true } : {}), ...result });
        };
        const onAbort = () => finish({ aborted: true });
        signal.addEventListener('abort', onAbort, { once: true });

        // Until the worker says it started, the startup limit applies; then the run's own limit.
        timer = setTimeout(
          () => finish({ error: 'the sandbox did not start in time.' }),
          startupTimeoutMs,
        );

        channel.port1.onmessage = (event: MessageEvent<unknown>) => {
          const message = readSandboxMessage(event.data, maxOutputChars);
          switch (message?.type) {
            case 'started':
              if (started) break;
              started = true;
              clearTimeout(timer);
              timer = setTimeout(() => finish({ timedOut: true }), timeoutMs);
              break;
            case 'output': {
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
              // Anything else is not output: ignored.
              break;
          }
        };
        channel.port1.onmessageerror = () =>
          finish({ error: 'the sandbox sent a message that could not be read.' });

        // allow-scripts only: no allow-same-origin, so the document's origin is opaque.
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.setAttribute('aria-hidden', 'true');
        frame.tabIndex = -1;
        frame.title = 'execute sandbox';
        frame.hidden = true;
        frame.src = SANDBOX_URL;
        frame.addEventListener(
          'load',
          () => {
            if (settled) return;
            const request: SandboxRunRequest = {
              type: 'run',
              source: workerSource,
              code,
              maxOutputChars,
            };
            // An opaque origin cannot be named as a target: '*' it is. Nothing secret is sent.
            frame.contentWindow?.postMessage(request, '*', [channel.port2]);
          },
          { once: true },
        );
        try {
          container().append(frame);
        } catch (error) {
          finish({ error: `the sandbox could not start: ${describe(error)}` });
        }
      });
    },
  };
}

function describe(error: unknown): string {
  return errorText(error);
}
