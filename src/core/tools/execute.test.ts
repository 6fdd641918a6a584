import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { memoryFs } from '../../../tests/fixtures/agent';
import type { ToolContext } from '../agent/tool';
import {
  EXECUTE_TOOL_NAME,
  createExecuteTool,
  formatExecuteResult,
  type CodeRunner,
} from './execute';
import { OutputCollector, capSandboxText, formatConsoleArgs, formatValue } from './sandbox-output';

// A CodeRunner for Node: a fresh node:vm context per run, with the browser sandbox's console
// formatting and output cap. node:vm is not a security boundary; it stands in for the Web Worker.
const CAPPED = Symbol('output capped');
class TimeoutSignal {}

function nodeRunner(): CodeRunner {
  return {
    async run(code, { timeoutMs, maxOutputChars, signal }) {
      if (signal.aborted) return { output: '', aborted: true };
      const output = new OutputCollector(maxOutputChars);
      const print = (...args: unknown[]) => {
        if (!output.append(formatConsoleArgs(args))) throw CAPPED;
      };
      const console = { log: print, info: print, warn: print, error: print, debug: print };
      const context = vm.createContext({ console, setTimeout, clearTimeout });
      const result = () => ({
        output: output.text,
        ...(output.truncated ? { truncated: true } : {}),
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const promise = vm.runInContext(`(async () => {\n${code}\n})()`, context, {
          timeout: timeoutMs, // synchronous loops
        }) as Promise<unknown>;
        await Promise.race([
          promise,
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new TimeoutSignal()), timeoutMs); // asynchronous ones
          }),
        ]);
        return result();
      } catch (error) {
        if (error === CAPPED || output.truncated) return { ...result(), truncated: true };
        const code = (error as { code?: unknown } | null)?.code;
        if (error instanceof TimeoutSignal || code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
          return { ...result(), timedOut: true };
        // Errors from the context come from another realm: instanceof Error does not hold.
        const e = error as { name?: unknown; message?: unknown } | null;
        const text =
          e && typeof e.message === 'string'
            ? `${typeof e.name === 'string' ? e.name : 'Error'}: ${e.message}`
            : `Uncaught ${String(error)}`;
        return { ...result(), error: text };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

async function toolContext(signal = new AbortController().signal): Promise<ToolContext> {
  return { fs: await memoryFs(), signal, toolCallId: 'call_1' };
}

describe('execute tool', () => {
  const tool = createExecuteTool(nodeRunner(), { maxOutputChars: 1_000 });

  it('has the expected schema', () => {
    expect(tool.schema.name).toBe(EXECUTE_TOOL_NAME);
    expect(tool.schema.parameters.required).toEqual(['code']);
    expect(Object.keys(tool.schema.parameters.properties)).toEqual(['code', 'timeout_ms']);
  });

  it('returns what the code printed', async () => {
    const result = await tool.run(
      { code: 'console.log("sum", 1 + 2); console.log({ a: [1, "x"], b: null }); return 5;' },
      await toolContext(),
    );
    expect(result).toEqual({ content: "sum 3\n{ a: [ 1, 'x' ], b: null }" });
  });

  it('supports top-level await', async () => {
    const result = await tool.run(
      { code: 'const v = await new Promise((r) => setTimeout(() => r(42), 5)); console.log(v);' },
      await toolContext(),
    );
    expect(result.content).toBe('42');
  });

  it('says so when nothing was printed', async () => {
    const result = await tool.run({ code: 'const x = 1;' }, await toolContext());
    expect(result.isError).toBeUndefined();
    expect(result.content).toMatch(/printed nothing/);
  });

  it('stops a loop at the time limit with a tool error', async () => {
    const result = await tool.run(
      { code: 'console.log("before"); while (true) {}', timeout_ms: 100 },
      await toolContext(),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/still running after 100 ms and was stopped/);
    expect(result.content).toContain('Output before it stopped:\nbefore');
  });

  it('returns an exception as a tool error with the output before it', async () => {
    const result = await tool.run(
      { code: 'console.log("step 1"); throw new TypeError("bad input");' },
      await toolContext(),
    );
    expect(result).toEqual({
      content:
        'Error: the code failed with TypeError: bad input\n\nOutput before the error:\nstep 1',
      isError: true,
    });
    const syntax = await tool.run({ code: 'let = ;' }, await toolContext());
    expect(syntax.isError).toBe(true);
    expect(syntax.content).toMatch(/^Error: the code failed with SyntaxError/);
  });

  it('caps output without end with a clear note', async () => {
    const result = await tool.run(
      { code: 'for (let i = 0; ; i++) console.log("line " + i);' },
      await toolContext(),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/printed more than 1,000 characters, so it was stopped/);
    expect(result.content).toContain('line 0\nline 1\n');
    expect(result.content.length).toBeLessThan(1_400);
  });

  it('refuses bad arguments with the reason', async () => {
    const context = await toolContext();
    expect((await tool.run({}, context)).content).toMatch(/code: .*(required|expected string)/i);
    expect((await tool.run({ code: '' }, context)).content).toMatch(/the code is empty/);
    expect((await tool.run({ code: 'x', timeout_ms: 999_999 }, context)).content).toMatch(
      /timeout_ms: must be at most 60000/,
    );
    expect(
      (await tool.run('{"code": "console.log(1)", "timeout_ms": "50"}', context)).content,
    ).toBe('1');
  });

  it('reports a sandbox that fails, and a run stopped by the user', async () => {
    const broken = createExecuteTool({
      run: () => Promise.reject(new Error('worker blocked by policy')),
    });
    expect((await broken.run({ code: '1' }, await toolContext())).content).toBe(
      'Error: the sandbox could not run the code: worker blocked by policy',
    );
    const controller = new AbortController();
    controller.abort();
    const stopped = await tool.run(
      { code: 'console.log(1)' },
      await toolContext(controller.signal),
    );
    expect(stopped).toEqual({ content: 'Error: the run was stopped by the user.', isError: true });
  });

  // Issue 18, finding 3: a 12 MB error was relayed whole and became part of every later request.
  it('cuts error text at the output cap and says so', async () => {
    const huge = `Error: ${'x'.repeat(12 * 1024 * 1024)}`;
    const tool = createExecuteTool({ run: async () => ({ output: 'before\n', error: huge }) });
    const result = await tool.run({ code: 'throw 1' }, await toolContext());
    expect(result.isError).toBe(true);
    expect(result.content.length).toBeLessThan(200_000 + 200);
    expect(result.content).toContain('… [cut at 200,000 characters]');
    expect(result.content).toContain('Output before the error:\nbefore');
    expect(capSandboxText('a😀b', 2)).toBe('a… [cut at 2 characters]');
    expect(capSandboxText('short', 10)).toBe('short');
  });

  it('passes the time limit and output cap to the runner', async () => {
    const seen: unknown[] = [];
    const spy = createExecuteTool(
      {
        run: async (code, options) => {
          seen.push({ code, timeoutMs: options.timeoutMs, maxOutputChars: options.maxOutputChars });
          return { output: 'ok\n' };
        },
      },
      { defaultTimeoutMs: 1_234, maxOutputChars: 99 },
    );
    expect((await spy.run({ code: 'a' }, await toolContext())).content).toBe('ok');
    await spy.run({ code: 'b', timeout_ms: 10 }, await toolContext());
    expect(seen).toEqual([
      { code: 'a', timeoutMs: 1_234, maxOutputChars: 99 },
      { code: 'b', timeoutMs: 10, maxOutputChars: 99 },
    ]);
  });

  it('formats each kind of result', () => {
    const limits = { timeoutMs: 10, maxOutputChars: 5 };
    expect(formatExecuteResult({ output: 'a\n' }, limits)).toEqual({ content: 'a' });
    expect(formatExecuteResult({ output: '', timedOut: true }, limits).content).not.toContain(
      'Output before',
    );
    expect(
      formatExecuteResult(
        { output: '', error: 'the code uses import()' },
        { ...limits, maxOutputChars: 50 },
      ).content,
    ).toBe('Error: the code uses import()');
    expect(formatExecuteResult({ output: 'abcde', truncated: true }, limits).content).toMatch(
      /The first 5 characters:\nabcde$/,
    );
  });
});

describe('console formatting', () => {
  it('prints values the way a console does', () => {
    expect(formatConsoleArgs(['a', 1, true, null, undefined])).toBe('a 1 true null undefined');
    expect(formatConsoleArgs(['%s is %d years and %i%%', 'Ada', 36.6, 2.9])).toBe(
      'Ada is 36.6 years and 2%',
    );
    expect(formatConsoleArgs(['%j', { a: 1 }])).toBe('{"a":1}');
    expect(formatValue([1, 'two', [3, [4, [5]]]])).toBe("[ 1, 'two', [ 3, [ 4, [Array] ] ] ]");
    expect(formatValue({ 'a-b': 1, c: { d: 2 } })).toBe("{ 'a-b': 1, c: { d: 2 } }");
    expect(formatValue(new Map([['k', 1]]))).toBe("Map(1) { 'k' => 1 }");
    expect(formatValue(new Set([1]))).toBe('Set(1) { 1 }');
    expect(formatValue(new Uint8Array([1, 2]))).toBe('Uint8Array(2) [ 1, 2 ]');
    expect(formatValue(10n)).toBe('10n');
    expect(formatValue(-0)).toBe('-0');
    expect(formatValue(function named() {})).toBe('[Function: named]');
    expect(formatValue(class Thing {})).toBe('[class Thing]');
    expect(formatValue(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    expect(formatValue(circular)).toBe("{ name: 'loop', self: [Circular] }");
    expect(formatValue(Array.from({ length: 102 }, () => 0))).toMatch(/\.\.\. 2 more items \]$/);
  });

  it('collects output under a cap and drains it in chunks', () => {
    const out = new OutputCollector(12);
    expect(out.append('hello')).toBe(true);
    expect(out.pending).toBe(6);
    expect(out.drain()).toBe('hello\n');
    expect(out.pending).toBe(0);
    expect(out.append('world, and more')).toBe(false);
    expect(out.truncated).toBe(true);
    expect(out.drain()).toBe('world,');
    expect(out.text).toBe('hello\nworld,');
    expect(out.append('ignored')).toBe(false);
    expect(out.size).toBe(12);
  });
});
