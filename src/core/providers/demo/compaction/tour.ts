// The compaction tour: offload (a big computation), then long files until truncation and
// summarization show, each report saying where the tour stands.

import { SUGGEST, failure, toolAction } from '../common';
import {
  BIG_CODE,
  BIG_COMPUTATION_ROWS,
  LONG_FILE_SECTIONS,
  lastLongFileNumber,
  longDocument,
} from '../scenarios';
import { stringArg } from '../text';
import { failed, hasTool, type Action, type Exchange, type TurnContext } from '../turn';

// --- Compaction ----------------------------------------------------------------------------------

interface Seen {
  /** The offloaded file, or true when only an earlier answer of mine says so. */
  offload?: string | true;
  truncated: boolean;
  summarized?: string;
}

/** The first sentence of a tour report: kept by extractive summaries, so it carries forward. */
const STATUS =
  /Compaction so far: offload (✓|not yet), truncation (✓|not yet), summarization (✓|not yet)\./;

/**
 * What the request shows of compaction so far: an offloaded result, cut inputs, a summary, or an
 * earlier report of mine saying so (the evidence itself may have been summarized away since).
 */
export function compactionSeen(context: TurnContext): Seen {
  let offload: string | true | undefined;
  let truncated = false;
  let summarized: string | undefined;
  for (const message of context.messages) {
    const said = STATUS.exec(message.content);
    if (said && message.role !== 'tool') {
      if (said[1] === '✓') offload ??= true;
      if (said[2] === '✓') truncated = true;
      if (said[3] === '✓') summarized ??= '/conversation_history/';
    }
    if (message.role === 'tool') {
      const match = /saved to (\/large_tool_results\/[^\s,;]+?)[.,;]?(?:\s|$)/.exec(
        message.content,
      );
      if (match?.[1] && /too large to show here/.test(message.content)) offload = match[1];
    } else if (message.role === 'assistant') {
      if ((message.toolCalls ?? []).some((call) => call.arguments.includes('…[truncated ')))
        truncated = true;
    } else if (message.role === 'user' && message.id.startsWith('summary_')) {
      summarized =
        /(\/conversation_history\/\S+?\.md)/.exec(message.content)?.[1] ?? '/conversation_history/';
    }
  }
  return { ...(offload ? { offload } : {}), truncated, ...(summarized ? { summarized } : {}) };
}

export const TRIGGER_NOTE =
  'Compaction starts once a request passes the trigger: 15% of a 32,000-token window on the Stress preset, 85% of the window by default.';

/** Where the tour stands (a status sentence, then a short list) and what to try next. */
function tourStatus(
  context: TurnContext,
  justDid: string,
): { text: string; suggestions: string[] } {
  const seen = compactionSeen(context);
  const mark = (done: boolean) => (done ? '✓' : 'not yet');
  const status = `Compaction so far: offload ${mark(Boolean(seen.offload))}, truncation ${mark(seen.truncated)}, summarization ${mark(Boolean(seen.summarized))}.`;
  const lines = [
    `- **Offload**: ${typeof seen.offload === 'string' ? `a large tool result was saved to \`${seen.offload}\`; my request has a preview and the path.` : seen.offload ? 'a large tool result was saved to /large_tool_results/ earlier (the summary took that turn).' : 'not yet (a tool result over the offload limit).'}`,
    `- **Truncation**: ${seen.truncated ? 'old write_file inputs are cut to a pointer to their file.' : 'not yet (old write_file inputs get cut once a request passes the trigger).'}`,
    `- **Summarization**: ${seen.summarized ? `older turns were summarized; the full history is in \`${seen.summarized}\`.` : 'not yet (older turns get summarized once a request passes the trigger).'}`,
  ];
  const all = Boolean(seen.offload) && seen.truncated && Boolean(seen.summarized);
  const next = all
    ? 'All three have happened: the Token usage panel marks each one on the chart, and a divider in the conversation shows where the summary took over.'
    : !seen.offload
      ? 'Next, a big computation makes a result large enough to offload.'
      : `Next, another long file makes the request grow. ${TRIGGER_NOTE}`;
  const suggestions = all
    ? [SUGGEST.aboutMe, SUGGEST.strategies]
    : !seen.offload
      ? [SUGGEST.offload, SUGGEST.longFile]
      : [SUGGEST.longFile];
  return { text: `${status} ${justDid}\n\n${lines.join('\n')}\n\n${next}`, suggestions };
}

function bigComputationCall(): { name: string; args: Record<string, unknown>; intro: string } {
  return {
    name: 'execute',
    args: { code: BIG_CODE },
    intro: `Running a big computation with execute: a table of ${BIG_COMPUTATION_ROWS.toLocaleString('en-US')} numbers with their squares, cubes and whether they are prime. A result that large is saved to /large_tool_results/ and I get a preview instead.`,
  };
}

function longFileCall(
  context: TurnContext,
  path?: string,
): { name: string; args: Record<string, unknown>; intro: string } {
  const n = lastLongFileNumber(context.messages) + 1;
  const file = path ?? `/notes/long-notes-${n}.md`;
  return {
    name: 'write_file',
    args: { file_path: file, content: longDocument(n) },
    intro: `Writing a long file (${LONG_FILE_SECTIONS} sections) to ${file} with write_file. Its full text is part of this call's input, so the context grows; once the request passes the compaction trigger, old write_file inputs are cut to a pointer and older turns are summarized.`,
  };
}

function stagedReport(
  done: Exchange,
  context: TurnContext,
): { text: string; suggestions: string[] } {
  if (failed(done)) return failure(done);
  const did =
    done.call.name === 'execute'
      ? `I ran the computation: ${BIG_COMPUTATION_ROWS.toLocaleString('en-US')} rows of output.`
      : `I wrote ${stringArg(done.args, 'file_path') ?? 'the file'} (${LONG_FILE_SECTIONS} sections).`;
  return tourStatus(context, did);
}

/** "Show me compaction": offload first (a big computation), then long files until all three show. */
export function tourAction(context: TurnContext): Action {
  const seen = compactionSeen(context);
  const call =
    !seen.offload && hasTool(context, 'execute') ? bigComputationCall() : longFileCall(context);
  return {
    accepts: (mine, next) =>
      mine.length === 0 && (next.call.name === 'execute' || next.call.name === 'write_file'),
    step(mine) {
      const done = mine[0];
      if (done) return stagedReport(done, context);
      if (!hasTool(context, call.name))
        return {
          text: `The ${call.name} tool is not available in this thread, so I cannot show compaction here.`,
        };
      return {
        call: {
          ...call,
          intro: `Showing compaction: offload, then truncation and summarization. ${call.intro}`,
        },
      };
    },
  };
}

export function longFileAction(context: TurnContext, path?: string): Action {
  return toolAction(context, longFileCall(context, path), (done) => stagedReport(done, context));
}

export function bigComputationAction(context: TurnContext): Action {
  return toolAction(context, bigComputationCall(), (done) => stagedReport(done, context));
}
