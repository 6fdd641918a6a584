// The execute tool: the browser counterpart of Deep Agents' sandbox `execute`. The model sends
// JavaScript; a CodeRunner (in the app, a fresh Web Worker per run) runs it with a time limit and an
// output cap, and the tool returns what the code printed. Loops, exceptions and endless output come
// back as clear tool errors; large output is what the offload middleware moves to a file.

import { z } from 'zod';
import type { Tool } from '../agent/tool';
import type { ToolResult } from '../agent/types';
import { BOUNDS } from '../limits';
import { capSandboxText } from './sandbox-output';
import { errorText, zodProblems } from '../text/errors';

export const EXECUTE_TOOL_NAME = 'execute';

export interface CodeRunOptions {
  timeoutMs: number;
  /** Printed characters kept; past this the run is stopped and the result marked truncated. */
  maxOutputChars: number;
  signal: AbortSignal;
}

export interface CodeRunResult {
  /** What the code printed (console.log and friends), one line per call, capped. */
  output: string;
  /** The exception (or syntax error) that ended the run, as text. */
  error?: string;
  /** The run was stopped at the time limit. */
  timedOut?: boolean;
  /** The output reached the cap and the run was stopped. */
  truncated?: boolean;
  /** The run was stopped because the signal fired. */
  aborted?: boolean;
}

/** Runs model-written JavaScript in isolation. Implementations: a Web Worker (app), node:vm (tests). */
export interface CodeRunner {
  run(code: string, options: CodeRunOptions): Promise<CodeRunResult>;
}

export interface ExecuteToolOptions {
  /** Time limit when the model gives none (default 5 s). */
  defaultTimeoutMs?: number;
  /** Largest time limit the model may ask for (default 60 s). */
  maxTimeoutMs?: number;
  /** Output cap (default 200,000 characters: above the offload limit, so big output is offloaded). */
  maxOutputChars?: number;
}

export const EXECUTE_DEFAULTS = {
  defaultTimeoutMs: BOUNDS.executeDefaultTimeoutMs.value,
  maxTimeoutMs: BOUNDS.executeMaxTimeoutMs.value,
  maxOutputChars: BOUNDS.executeOutputChars.value,
} as const;

const argsSchema = (maxTimeoutMs: number) =>
  z.object({
    code: z.string().min(1, 'the code is empty'),
    timeout_ms: z.preprocess(
      (v) =>
        v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v,
      z
        .number()
        .int()
        .min(1, 'must be at least 1')
        .max(maxTimeoutMs, `must be at most ${maxTimeoutMs}`)
        .optional(),
    ),
  });

export function createExecuteTool(runner: CodeRunner, options: ExecuteToolOptions = {}): Tool {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? EXECUTE_DEFAULTS.defaultTimeoutMs;
  const maxTimeoutMs = options.maxTimeoutMs ?? EXECUTE_DEFAULTS.maxTimeoutMs;
  const maxOutputChars = options.maxOutputChars ?? EXECUTE_DEFAULTS.maxOutputChars;
  const schema = argsSchema(maxTimeoutMs);

  return {
    schema: {
      name: EXECUTE_TOOL_NAME,
      description: `Runs JavaScript in an isolated sandbox (a Web Worker in the user's browser) and returns what it printed.

Usage:
- Print results with console.log (or console.info / warn / error); the tool returns the printed text, one line per call. Nothing is returned unless printed.
- The code runs as the body of an async function: top-level await works and return ends it early.
- Each run starts fresh: no variables survive between runs. There is no network access, no DOM and no access to the user's files; use the file tools for files.
- Time limit: ${defaultTimeoutMs.toLocaleString('en-US')} ms unless timeout_ms says otherwise (at most ${maxTimeoutMs.toLocaleString('en-US')}). Code still running then is stopped and reported as an error.
- Output is capped at ${maxOutputChars.toLocaleString('en-US')} characters; code that prints more is stopped. A very large result is saved to a file under /large_tool_results/ and you are told how to read it in slices.
- An uncaught exception ends the run; its message is returned as an error together with what was printed before it.`,
      parameters: {
        type: 'object',
        properties: {
          code: { type: 'string', description: 'The JavaScript to run.' },
          timeout_ms: {
            type: 'integer',
            description: `Time limit in milliseconds (default ${defaultTimeoutMs}, at most ${maxTimeoutMs}).`,
          },
        },
        required: ['code'],
      },
    },

    async run(rawArgs, context) {
      const parsed = schema.safeParse(parseArgs(rawArgs));
      if (!parsed.success) {
        const problems = zodProblems(parsed.error, 'arguments');
        return {
          content: `Error: invalid arguments for execute: ${problems.join('; ')}.`,
          isError: true,
        };
      }
      const timeoutMs = parsed.data.timeout_ms ?? defaultTimeoutMs;
      let result: CodeRunResult;
      try {
        result = await runner.run(parsed.data.code, {
          timeoutMs,
          maxOutputChars,
          signal: context.signal,
        });
      } catch (error) {
        return {
          content: `Error: the sandbox could not run the code: ${errorText(error)}`,
          isError: true,
        };
      }
      return formatExecuteResult(result, { timeoutMs, maxOutputChars });
    },
  };
}

function parseArgs(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    return raw;
  }
}

const EXCEPTION = /^(?:[A-Za-z]*(?:Error|Exception)|Uncaught|Unhandled)\b/;

/** The tool result for a run: the output, and a clear error for a timeout, an exception or a cap. */
export function formatExecuteResult(
  result: CodeRunResult,
  { timeoutMs, maxOutputChars }: { timeoutMs: number; maxOutputChars: number },
): ToolResult {
  const output = result.output.replace(/\n$/, '');
  const printed = (label: string) => (output ? `\n\n${label}:\n${output}` : '');
  if (result.aborted) {
    return {
      content: `Error: the run was stopped by the user.${printed('Output before it stopped')}`,
      isError: true,
    };
  }
  if (result.timedOut) {
    return {
      content:
        `Error: the code was still running after ${timeoutMs.toLocaleString('en-US')} ms and was stopped ` +
        '(an endless loop, or work that needs a larger timeout_ms).' +
        printed('Output before it stopped'),
      isError: true,
    };
  }
  if (result.truncated) {
    return {
      content:
        `Error: the code printed more than ${maxOutputChars.toLocaleString('en-US')} characters, so it ` +
        'was stopped and the rest of its output was discarded. Print less (a summary, or a slice), ' +
        `or write in parts.${printed(`The first ${maxOutputChars.toLocaleString('en-US')} characters`)}`,
      isError: true,
    };
  }
  if (result.error !== undefined) {
    // The runner cuts error text where it enters; cut again here so no runner can pass more.
    const error = capSandboxText(result.error, maxOutputChars);
    return {
      // An exception reads "TypeError: …"; a refusal by the sandbox is a sentence of its own.
      content: `Error: ${EXCEPTION.test(error) ? 'the code failed with ' : ''}${error}${printed('Output before the error')}`,
      isError: true,
    };
  }
  return {
    content:
      output === ''
        ? '(The code ran and printed nothing. Print results with console.log.)'
        : output,
  };
}
