// The "In-browser model" provider: a small instruct model that runs in the tab (transformers.js in
// a Web Worker, src/workers/generator.worker.ts). This file is the pure part: it hands the request
// to a generator, shows the output as it streams (text live, each tool call when its block closes)
// and reads the finished output into the assistant message. Token counts come from the model's own
// tokenizer (the generator counts them); the call's time to first token and tokens per second ride
// along in the usage.

import type {
  ModelMessage,
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ToolCall,
  ToolSchema,
} from '../../agent/types';
import { ProviderError } from '../../agent/types';
import { newId } from '../../agent/ids';
import { assistantResponse, safeEmit, stoppedByUser, usageOf } from '../skeleton';
import { createStreamSplitter, parseModelOutput } from './tool-calls';
import { errorText } from '../../text/errors';

export interface LocalGenerateRequest {
  system: string;
  messages: ModelMessage[];
  tools: ToolSchema[];
  maxNewTokens: number;
}

export interface LocalGenerateResult {
  /** The generated text, special tokens removed (tool-call tags stay: they are ordinary text). */
  text: string;
  /** Prompt tokens after the chat template, by the model's tokenizer. */
  inputTokens: number;
  outputTokens: number;
  /** From the start of the call (prompt processing included) to the first new token. */
  timeToFirstTokenMs: number | null;
  /** New tokens after the first, per second of generation (null with fewer than two tokens). */
  tokensPerSecond: number | null;
  /** True when Stop ended the generation early. */
  interrupted: boolean;
  /** True when generation stopped at maxNewTokens rather than at the end of the answer. */
  truncated: boolean;
}

/** Runs the model (the worker client in the app, the engine directly in Node tests). */
export interface LocalGenerator {
  generate(
    request: LocalGenerateRequest,
    options: { signal: AbortSignal; onText?: (text: string) => void },
  ): Promise<LocalGenerateResult>;
}

export interface LocalProviderOptions {
  generator: LocalGenerator;
  /** The "Maximum new tokens" setting: the most one call may generate. */
  maxNewTokens: number;
}

export function createLocalProvider(options: LocalProviderOptions): ModelProvider {
  return {
    id: 'local',
    async complete(request: ModelRequest, { signal, onStream }): Promise<ModelResponse> {
      if (signal.aborted) throw stoppedByUser();
      const emit = safeEmit(onStream);
      const ids: string[] = [];
      const splitter = createStreamSplitter({
        onText: (text) => emit({ type: 'text-delta', text }),
        onToolCall: (call, index) => {
          const id = (ids[index] = `call_${newId('local')}`);
          emit({
            type: 'tool-call-delta',
            index,
            id,
            name: call.name,
            argumentsDelta: call.arguments,
          });
        },
      });
      const maxNewTokens = Math.max(
        1,
        Math.min(options.maxNewTokens, request.maxOutputTokens ?? Number.POSITIVE_INFINITY),
      );

      let result: LocalGenerateResult;
      try {
        result = await options.generator.generate(
          {
            system: request.system,
            messages: [...request.messages],
            tools: [...request.tools],
            maxNewTokens,
          },
          { signal, onText: (text) => splitter.push(text) },
        );
      } catch (error) {
        if (signal.aborted) throw stoppedByUser();
        if (error instanceof ProviderError) throw error;
        throw new ProviderError('unknown', errorText(error));
      }
      splitter.end();
      if (signal.aborted || result.interrupted) throw stoppedByUser();

      const parsed = parseModelOutput(
        result.text,
        request.tools.map((t) => t.name),
      );
      const toolCalls: ToolCall[] = parsed.toolCalls.map((call, i) => ({
        id: ids[i] ?? `call_${newId('local')}`,
        name: call.name,
        arguments: call.arguments,
      }));
      const usage = {
        ...usageOf(result),
        ...(result.timeToFirstTokenMs !== null
          ? { timeToFirstTokenMs: Math.round(result.timeToFirstTokenMs) }
          : {}),
        ...(result.tokensPerSecond !== null
          ? { tokensPerSecond: Math.round(result.tokensPerSecond * 10) / 10 }
          : {}),
      };
      let content = parsed.content;
      if (result.truncated && toolCalls.length === 0) {
        content += `${content ? '\n\n' : ''}[Cut at ${result.outputTokens} new tokens: the "Maximum new tokens" setting.]`;
      }
      return assistantResponse(newId('msg'), content, toolCalls, usage);
    },
  };
}
