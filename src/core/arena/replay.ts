// The replay engine: one strategy selection over one transcript, turn by turn, through the app's
// harness (createHarness: the agent loop and the one pipeline), with the memory layers off so only
// the strategy differs. Per turn it measures the tokens each model call sends, by section, as the
// thread recorder records them for the app, and the strategy's extra model calls; after the turn a
// probe is asked at, it builds the request the strategy would send for the probe's question (the
// harness's preview, nothing sent) and scores whether the probe's evidence is in it. Stopping keeps
// what was measured and marks the result partial.

import type { ThreadState } from '../agent/middleware';
import type { ModelMessage, ModelRequest, UserMessage } from '../agent/types';
import { countRequest, type TokenCounter } from '../tokens/counter';
import type { SummarizeFn } from '../compaction/summarization';
import { createHarness } from '../harness/harness';
import { bm25Rank } from '../harness/pipeline';
import { createThreadRecorder } from '../thread/recorder';
import type { Thread } from '../thread/thread';
import { DEFAULT_SETTINGS, type Settings } from '../settings';
import { createRankerResolver } from '../retrieval/rank';
import type { StepFn, StrategyEnv, StrategySelection } from '../strategies/types';
import { createInMemoryFs } from '../fs/in-memory';
import { createRetentionTally } from '../recorder/retention';
import { answerPresent, contextText, normalize, scoreProbe } from './evidence';
import {
  sectionsOf,
  type ContextSnapshot,
  type ProbeResult,
  type StrategyRun,
  type TurnResult,
} from './results';
import { transcriptTurns, type Probe, type Transcript } from './transcript';
import {
  replayTools,
  scriptOf,
  trailingMessages,
  toolNames,
  transcriptProvider,
  type TurnScript,
} from './transcript-provider';
import { errorText } from '../text/errors';

export const ARENA_LAYERS = { agentsMd: false, facts: false } as const;
export const ARENA_CONTEXT_WINDOW = 128_000;

export interface ReplayOptions {
  transcript: Transcript;
  selection: StrategySelection;
  key: string;
  label: string;
  counter: TokenCounter;
  /** Strategy steps (wrap with cachedStep to share answers). */
  step: StepFn;
  /** Deep Agents' summarization (the offline summarizer in the arena). */
  summarize: SummarizeFn;
  model?: string;
  settings?: Settings;
  contextWindow?: number;
  rank?: StrategyEnv['rank'];
  signal: AbortSignal;
  /** After each turn: turns done, of the total. */
  onProgress?: (done: number, total: number) => void;
  /** Keep the context of at most this many probes (default: all). */
  maxContexts?: number;
  /** Cache hit/miss counters the step function updates (reported with the result). */
  cacheStats?: { hits: number; misses: number };
  /** "Ask the model": answers a probe's question with the strategy's context (the request as built). */
  ask?: (request: ModelRequest, signal: AbortSignal) => Promise<string>;
  /** Awaited after each turn, so a worker can take messages (Stop) during a long replay. */
  pause?: () => Promise<void>;
}

const EMPTY_USAGE_TURN = (turn: number): TurnResult => ({
  turn,
  calls: 0,
  sections: {},
  sent: 0,
  cumulative: 0,
  extraCalls: 0,
  extraInput: 0,
  extraOutput: 0,
  failures: [],
});

export async function replayTranscript(options: ReplayOptions): Promise<StrategyRun> {
  const started = performance.now();
  const { transcript, counter, signal } = options;
  const model = options.model ?? 'gpt-4o';
  const settings = options.settings ?? DEFAULT_SETTINGS;
  const turns = transcriptTurns(transcript);
  const fs = createInMemoryFs();
  const state: ThreadState = {};
  let script: TurnScript = { answers: [], results: new Map(), messages: [], used: 0 };
  const current = () => script;
  const provider = transcriptProvider(current);
  const tools = replayTools(toolNames(transcript.messages), current);
  const rank = options.rank ?? bm25Rank(createRankerResolver());
  const contextWindow = options.contextWindow ?? ARENA_CONTEXT_WINDOW;
  const harness = createHarness({
    provider,
    model,
    counter,
    contextWindow,
    settings: () => settings,
    strategy: () => options.selection,
    layers: { ...ARENA_LAYERS },
    fs,
    tools,
    summarize: options.summarize,
    step: options.step,
    loadMemory: async () => {
      throw new Error('Fact memory is off in the arena.');
    },
    rank,
  });
  // The calls are measured as the app measures them: the thread recorder's record of each call.
  const recorded: Thread = {
    id: `arena-${options.key}`,
    title: options.label,
    workspace: '',
    createdAt: 0,
    updatedAt: 0,
    messages: [],
    state: {},
    calls: [],
    memoryEdits: [],
  };
  const recorder = createThreadRecorder(recorded, {
    provider: provider.id,
    model,
    contextWindow,
    triggerFraction: settings.compaction.triggerFraction,
    counter,
  });

  // Where each transcript message sits, to store carried messages as references.
  const indexById = new Map<string, number>();
  const indexByCall = new Map<string, number>();
  transcript.messages.forEach((m, i) => {
    indexById.set(m.id, i);
    if (m.role === 'tool') indexByCall.set(m.toolCallId, i);
  });
  const textById = new Map(transcript.messages.map((m) => [m.id, m.content]));
  const probesAt = new Map<number, Probe[]>();
  for (const probe of transcript.probes) {
    const list = probesAt.get(probe.at) ?? [];
    list.push(probe);
    probesAt.set(probe.at, list);
  }

  const result: StrategyRun = {
    key: options.key,
    label: options.label,
    selection: options.selection,
    turns: [],
    probes: [],
    totalTurns: turns.length,
    partial: false,
    answeredBy: 'none',
    cache: options.cacheStats ?? { hits: 0, misses: 0 },
    wallMs: 0,
  };
  let offline = 0;
  let online = 0;
  let cumulative = 0;
  let contexts = 0;
  const maxContexts = options.maxContexts ?? Infinity;
  const history: ModelMessage[] = [];
  const retention = createRetentionTally();

  try {
    for (const turn of turns) {
      if (signal.aborted) break;
      const [user, ...rest] = turn.messages;
      if (!user) continue;
      script = scriptOf(rest);
      const callsBefore = recorded.calls.length;
      const row = EMPTY_USAGE_TURN(turn.index + 1);
      const appended: ModelMessage[] = [];
      const outcome = await harness.run({
        threadId: `arena-${options.key}`,
        history: [...history, user],
        state,
        signal,
        emit: (event) => {
          recorder.apply(event);
          if (event.type === 'message' && event.message.role !== 'notice')
            appended.push(event.message);
          else if (event.type === 'context-record') {
            // Records come after their events, built once the request left; every one arrives
            // before the run ends.
            if (event.attachments.record) retention.add(event.attachments.record);
          } else if (event.type === 'context-event') {
            const e = event.event;
            if (e.record) retention.add(e.record);
            if (e.step) {
              row.extraCalls++;
              row.extraInput += e.step.inputTokens;
              row.extraOutput += e.step.outputTokens;
              if (e.step.offline) offline++;
              else online++;
            } else if (e.kind === 'strategy-step-failed') row.failures.push(e.detail);
          }
        },
      });
      if (outcome.status === 'aborted' || signal.aborted) break;
      for (const { estimate: breakdown } of recorded.calls.slice(callsBefore)) {
        row.calls++;
        row.sent += breakdown.total;
        for (const [name, value] of Object.entries(sectionsOf(breakdown)))
          row.sections[name] = (row.sections[name] ?? 0) + value;
      }
      cumulative += row.sent;
      row.cumulative = cumulative;
      // Replayed answers that were not consumed (none, normally) stay as recorded.
      const trailing = trailingMessages(script).filter(
        (m) => m.role !== 'tool' || script.used === 0,
      );
      history.push(user, ...appended, ...trailing);
      result.turns.push(row);

      for (const probe of probesAt.get(turn.index + 1) ?? []) {
        if (signal.aborted) break;
        const question: UserMessage = {
          role: 'user',
          id: `probe_${probe.id}`,
          content: probe.question,
          createdAt: (history[history.length - 1]?.createdAt ?? 0) + 1,
        };
        const { request } = await harness.preview({
          threadId: `arena-${options.key}`,
          history: [...history, question],
          state,
        });
        const scored = scoreProbe(probe, contextText(request), (id) => textById.get(id));
        const probeResult: ProbeResult = { probeId: probe.id, ...scored };
        if (options.ask && probe.expected !== undefined) {
          try {
            const text = await options.ask({ ...request, purpose: 'probe-question' }, signal);
            probeResult.answer = {
              text: text.slice(0, 2000),
              correct: answerPresent(normalize(text), probe.expected),
            };
          } catch (error) {
            if (signal.aborted) break;
            probeResult.answer = { error: errorText(error) };
          }
        }
        if (contexts < maxContexts) {
          contexts++;
          probeResult.context = snapshot(
            request,
            counter,
            indexById,
            indexByCall,
            transcript.messages,
          );
        }
        result.probes.push(probeResult);
      }
      options.onProgress?.(result.turns.length, turns.length);
      if (options.pause) await options.pause();
    }
  } catch (error) {
    if (!signal.aborted) result.error = errorText(error);
  }
  result.retention = retention.result();
  result.partial = result.turns.length < turns.length;
  result.answeredBy = offline && online ? 'mixed' : online ? 'model' : offline ? 'offline' : 'none';
  result.wallMs = performance.now() - started;
  return result;
}

function snapshot(
  request: ModelRequest,
  counter: TokenCounter,
  indexById: Map<string, number>,
  indexByCall: Map<string, number>,
  messages: readonly ModelMessage[],
): ContextSnapshot {
  const out: ContextSnapshot['messages'] = [];
  // The last user message is the probe's question: not part of the carried context.
  const carried = request.messages.slice(0, -1);
  for (const message of carried) {
    const index =
      indexById.get(message.id) ??
      (message.role === 'tool' ? indexByCall.get(message.toolCallId) : undefined);
    const same = index !== undefined && messages[index]?.content === message.content;
    const last = out[out.length - 1];
    if (same && last && 'ref' in last && last.ref[1] === index - 1) last.ref[1] = index;
    else if (same) out.push({ ref: [index, index] });
    else out.push({ role: message.role, content: message.content });
  }
  return {
    blocks: (request.sections ?? [])
      .filter((s) => s.kind === 'strategy')
      .map((s) => ({ section: s.name, text: s.text })),
    messages: out,
    tokens: countRequest(counter, request).total,
  };
}
