// The state behind `npm run measure:ui`'s scenarios, as memory bundles the app imports the way a
// person would ("Import bundle"): a thread of 5,000 messages with 2,000 model-call records (tool
// calls and results, Markdown answers, memory chips, summaries, context events), 5,000 files and
// 1,000 facts. Written with the app's own exporter (src/core/bundle/export.ts), so every bundle is
// one the app itself could have written; deterministic (no randomness, fixed times).

import { exportBundle } from '../src/core/bundle/export';
import { fixture } from '../tests/fixtures/bundle';
import type { ContextEvent, MemoryEdit, ModelCallRecord, Thread } from '../src/core/thread/thread';
import type { Message } from '../src/core/agent/types';
import { COMPACTION_STATE_KEY } from '../src/core/compaction/compaction';
import { sampleFacts } from './lib/sample-facts.mjs';

/** Fixed start of every timeline (2026-01-05 09:00 UTC), one minute a turn. */
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const WINDOW = 128_000;
const TRIGGER = Math.round(WINDOW * 0.85);

const TOPICS = [
  'the billing service',
  'the onboarding flow',
  'the search index',
  'the release notes',
  'the flaky login test',
  'the cache layer',
  'the mobile layout',
  'the export job',
];
const FILES_READ = ['/notes/todo.md', '/src/app.ts', '/docs/design.md', '/notes/meeting.md'];

function answer(turn: number): string {
  const topic = TOPICS[turn % TOPICS.length]!;
  switch (turn % 4) {
    case 0:
      return `Here is what I found about ${topic}:\n\n- It was last changed in turn ${turn - 1}.\n- Two open questions remain.\n- The owner is noted in /notes/todo.md.\n\nShall I go on with the next step?`;
    case 1:
      return `The change to ${topic} is small. Replace the loop with a lookup:\n\n\`\`\`ts\nconst byId = new Map(items.map((item) => [item.id, item]));\nreturn ids.map((id) => byId.get(id));\n\`\`\`\n\nThat turns the quadratic search into a linear one.`;
    case 2:
      return `**Done.** I updated ${topic} as asked and kept the old behaviour behind a flag. The tests for it pass; the one for the export job is still skipped, as before (turn ${turn}).`;
    default:
      return `Short answer: yes. ${topic[0]!.toUpperCase()}${topic.slice(1)} keeps its state per workspace, so two tabs see the same data after a reload. Longer answer: the store writes through to IndexedDB and broadcasts the change, and each tab reloads what changed.`;
  }
}

/**
 * A long working thread: 1,000 turns of user, assistant with two tool calls, two tool results and
 * the assistant's answer (5 messages, 2 model calls a turn). Every 20th turn writes AGENTS.md (a
 * "Memory updated" chip), every 50th offloads a tool result, and the thread was summarized three
 * times (the dividers; the last summary is the thread's compaction state, so the next call sends
 * the summary and the recent turns, as in a real long thread).
 */
export function longThread(
  id = 'thread_long',
  turns = 1_000,
): Thread & { calls: ModelCallRecord[]; events: ContextEvent[] } {
  const messages: Message[] = [];
  const calls: ModelCallRecord[] = [];
  const events: ContextEvent[] = [];
  const memoryEdits: MemoryEdit[] = [];
  let sinceSummary = 0;
  let summaries = 0;
  let lastSummary: { messageId: string; firstKeptId: string; at: number } | undefined;
  const summarizeAt = new Set([Math.round(turns * 0.3), Math.round(turns * 0.6), turns - 20]);
  const call = (turn: number, n: number, grow: number): ModelCallRecord => {
    sinceSummary += grow;
    const messagesTokens = sinceSummary;
    const estimate = {
      system: 1_450,
      memory: 180 + Math.min(turn, 400),
      facts: 120,
      summary: summaries ? 900 : 0,
      messages: Math.round(messagesTokens * 0.6),
      toolResults: Math.round(messagesTokens * 0.4),
      tools: 1_830,
      total: 0,
    };
    estimate.total =
      estimate.system +
      estimate.memory +
      estimate.facts +
      estimate.summary +
      estimate.messages +
      estimate.toolResults +
      estimate.tools;
    const startedAt = T0 + turn * 60_000 + n * 5_000;
    return {
      callId: `call_${turn}_${n}`,
      startedAt,
      endedAt: startedAt + 1_200,
      provider: 'demo',
      model: 'demo',
      contextWindow: WINDOW,
      triggerTokens: TRIGGER,
      estimate,
      usage: { inputTokens: Math.round(estimate.total * 1.03), outputTokens: 60 + (turn % 90) },
    };
  };
  for (let turn = 1; turn <= turns; turn++) {
    const at = T0 + turn * 60_000;
    const topic = TOPICS[turn % TOPICS.length]!;
    const userId = `msg_u${turn}`;
    messages.push({
      role: 'user',
      id: userId,
      content:
        turn % 7 === 0
          ? `Turn ${turn}: please look at ${topic} again.\nThe last attempt left a warning in the log, and I want to know whether it matters before the release on Friday.`
          : `Turn ${turn}: what is the state of ${topic}?`,
      createdAt: at,
    });
    if (summarizeAt.has(turn)) {
      // The summary took over before this turn's first call.
      summaries++;
      const before = sinceSummary;
      sinceSummary = 2_000;
      lastSummary = { messageId: `msg_summary_${summaries}`, firstKeptId: userId, at };
      events.push({
        id: `evt_sum_${turn}`,
        kind: 'summarize',
        at,
        callId: `call_${turn}_1`,
        tokensBefore: before + 4_000,
        tokensAfter: 6_500,
        path: '/conversation_history/session_thread_long.md',
        messageId: userId,
        detail: `Summarized ${turn * 5 - 40} older messages; the full record is in /conversation_history/session_thread_long.md.`,
      });
    }
    const first = call(turn, 1, 60);
    calls.push(first);
    const readPath = FILES_READ[turn % FILES_READ.length]!;
    const writes = turn % 20 === 0;
    const toolCalls = [
      {
        id: `tc_${turn}_a`,
        name: 'read_file',
        arguments: JSON.stringify({ file_path: readPath }),
      },
      writes
        ? {
            id: `tc_${turn}_b`,
            name: 'edit_file',
            arguments: JSON.stringify({
              file_path: '/memories/AGENTS.md',
              old_string: '## Preferences',
              new_string: `## Preferences\n- Turn ${turn}: keep answers short.`,
            }),
          }
        : {
            id: `tc_${turn}_b`,
            name: 'grep',
            arguments: JSON.stringify({ pattern: topic.split(' ')[1], path: '/' }),
          },
    ];
    messages.push({
      role: 'assistant',
      id: `msg_a${turn}`,
      content: turn % 3 === 0 ? `Let me check ${topic} first.` : '',
      toolCalls,
      createdAt: at + 1_000,
      usage: first.usage!,
    });
    const offloaded = turn % 50 === 0;
    const lines = Array.from(
      { length: 6 + (turn % 9) },
      (_, i) => `${i + 1}\t${topic}: line ${i + 1} of ${readPath} (turn ${turn})`,
    );
    messages.push({
      role: 'tool',
      id: `msg_t${turn}_a`,
      toolCallId: `tc_${turn}_a`,
      toolName: 'read_file',
      content: offloaded
        ? `Tool result too large (24,180 tokens); saved to /large_tool_results/tc_${turn}_a.\nFirst lines:\n${lines.slice(0, 3).join('\n')}`
        : lines.join('\n'),
      createdAt: at + 2_000,
    });
    messages.push({
      role: 'tool',
      id: `msg_t${turn}_b`,
      toolCallId: `tc_${turn}_b`,
      toolName: writes ? 'edit_file' : 'grep',
      content: writes
        ? 'Successfully replaced 1 instance(s) in /memories/AGENTS.md'
        : `/src/app.ts:${turn % 300}: ${topic}\n/notes/todo.md:${turn % 40}: ${topic}`,
      createdAt: at + 2_500,
    });
    if (writes)
      memoryEdits.push({
        toolCallId: `tc_${turn}_b`,
        path: '/memories/AGENTS.md',
        before: `# Memory\n\n## Preferences\n- Turn ${turn - 20}: keep answers short.\n`,
        after: `# Memory\n\n## Preferences\n- Turn ${turn}: keep answers short.\n- Turn ${turn - 20}: keep answers short.\n`,
        version: turn / 20 + 1,
        at: at + 2_500,
      });
    const second = call(turn, 2, 180);
    calls.push(second);
    if (offloaded)
      events.push({
        id: `evt_off_${turn}`,
        kind: 'offload',
        at: at + 2_000,
        callId: second.callId,
        tokensBefore: 24_180,
        tokensAfter: 140,
        path: `/large_tool_results/tc_${turn}_a`,
        messageId: `msg_t${turn}_a`,
        detail: `A 24,180-token read_file result was saved to /large_tool_results/tc_${turn}_a.`,
      });
    if (writes)
      events.push({
        id: `evt_mem_${turn}`,
        kind: 'memory-edited',
        at: at + 2_500,
        callId: second.callId,
        path: '/memories/AGENTS.md',
        messageId: `msg_t${turn}_b`,
        detail: '/memories/AGENTS.md was edited by edit_file.',
      });
    messages.push({
      role: 'assistant',
      id: `msg_f${turn}`,
      content: answer(turn),
      createdAt: at + 5_000,
      usage: second.usage!,
    });
  }
  events.unshift({
    id: 'evt_loaded',
    kind: 'memory-loaded',
    at: T0,
    callId: calls[0]!.callId,
    path: '/memories/AGENTS.md',
    detail: 'AGENTS.md memory loaded (1 source).',
  });
  const last = lastSummary!;
  return {
    id,
    title: 'A long working thread (5,000 messages)',
    workspace: 'default',
    createdAt: T0,
    updatedAt: T0 + (turns + 1) * 60_000,
    messages,
    calls,
    events,
    memoryEdits,
    state: {
      [COMPACTION_STATE_KEY]: {
        summary: {
          summary:
            'SESSION INTENT\nShip the release.\n\nSUMMARY\nThe person and the agent went through the services one by one.\n\nARTIFACTS\n/notes/todo.md\n\nNEXT STEPS\nFinish the export job.',
          messageId: last.messageId,
          firstKeptId: last.firstKeptId,
          historyPath: '/conversation_history/session_thread_long.md',
          at: last.at,
          count: summaries,
          summarizedMessages: messages.findIndex((m) => m.id === last.firstKeptId),
        },
      },
    },
  };
}

/** A short thread to start from (the scenarios open the big views from here). */
function shortThread(): Thread {
  return {
    id: 'thread_short',
    title: 'A short thread',
    workspace: 'default',
    createdAt: T0 + 2 * 86_400_000,
    updatedAt: T0 + 2 * 86_400_000 + 60_000,
    messages: [
      { role: 'user', id: 'msg_s1', content: 'Hello there', createdAt: T0 + 2 * 86_400_000 },
      {
        role: 'assistant',
        id: 'msg_s2',
        content: 'Hello! How can I help?',
        createdAt: T0 + 2 * 86_400_000 + 1_000,
      },
    ],
    state: {},
    calls: [],
    memoryEdits: [],
  };
}

/** Paths of `count` workspace files: 40 folders of source files, the rest in one big /logs/ folder. */
export function filePaths(count: number): string[] {
  const paths: string[] = [];
  const folders = 40;
  const perFolder = Math.floor((count * 0.8) / folders);
  for (let f = 0; f < folders && paths.length < count; f++)
    for (let i = 0; i < perFolder && paths.length < count; i++)
      paths.push(`/src/module-${String(f).padStart(2, '0')}/file-${String(i).padStart(3, '0')}.ts`);
  for (let i = 0; paths.length < count; i++)
    paths.push(`/logs/run-${String(i).padStart(4, '0')}.log`);
  return paths;
}

export interface ScenarioBundles {
  thread: Uint8Array;
  facts: Uint8Array;
  files: Uint8Array;
}

/** A bundle of the given threads (and nothing else of note), as the app exports one. */
export async function threadsBundle(threads: readonly Thread[]): Promise<Uint8Array> {
  const now = () => T0 + 3 * 86_400_000;
  const f = fixture({ now });
  for (const thread of threads) await f.threads.put(thread);
  return (await exportBundle(f.source, { appVersion: '0.1.0', now })).bytes;
}

/** The three bundles: the long thread (and a short one), 1,000 facts, 5,000 files. */
export async function scenarioBundles(
  sizes = { turns: 1_000, facts: 1_000, files: 5_000 },
): Promise<ScenarioBundles> {
  const now = () => T0 + 3 * 86_400_000;
  const make = async (fill: (f: ReturnType<typeof fixture>) => Promise<void>) => {
    const f = fixture({ now });
    await fill(f);
    return (await exportBundle(f.source, { appVersion: '0.1.0', now })).bytes;
  };
  return {
    thread: await make(async (f) => {
      await f.threads.put(longThread('thread_long', sizes.turns));
      await f.threads.put(shortThread());
    }),
    facts: await make(async (f) => {
      await f.user.write(
        '/memory.json',
        JSON.stringify({ version: '1.0', facts: sampleFacts(sizes.facts) }, null, 2),
      );
      await f.threads.put(shortThread());
    }),
    files: await make(async (f) => {
      for (const [i, path] of filePaths(sizes.files).entries())
        await f.workspace.write(
          path,
          `// ${path}\nexport const value${i} = ${i};\n${'// filler line\n'.repeat(i % 12)}`,
        );
      await f.threads.put(shortThread());
    }),
  };
}
