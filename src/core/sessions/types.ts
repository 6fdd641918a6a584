// An agent session read from another tool's file (Claude Code, Codex CLI, OpenAI, Anthropic,
// LangChain / Deep Agents): the conversation as thread-ready messages, and beside it what the source
// recorded about its own context management, as data for the autopsy of its compactions.
//
// Positions: `index` fields are indexes into `ImportedSession.messages` (0 = its first message).
// Ids: a message's id is the source's id where the source has one (Claude Code's record uuid,
// LangChain's message id, a Responses item id), made unique with a `~n` suffix when the source
// repeats it; otherwise `m<n>` by position. Tool messages are `<call id>:result`.

import type { Message, Usage } from '../agent/types';

export const SESSION_SOURCES = [
  'claude-code',
  'codex',
  'openai-chat',
  'openai-responses',
  'anthropic',
  'langchain',
] as const;
export type SessionSource = (typeof SESSION_SOURCES)[number];

/** How the thread and the report name each source ("Imported from Claude Code · 2026-10-03"). */
export const SOURCE_LABELS: Record<SessionSource, string> = {
  'claude-code': 'Claude Code',
  codex: 'Codex CLI',
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  langchain: 'LangChain',
};

/**
 * One compaction the source agent made itself (Claude Code's compact_boundary, Codex's `compacted`
 * item, a Deep Agents summary message). The messages before `index` are what the agent had before;
 * from `index` on it worked from the summary.
 */
export interface SourceCompaction {
  /** Index in `messages` of the first message after the boundary (the summary's notice when kept). */
  index: number;
  /** The summary text the source wrote (uncut; the thread's notice may be cut). */
  summary?: string;
  /** The message that holds the summary (a notice: it is shown, never sent to a model). */
  summaryMessageId?: string;
  /** 'manual' | 'auto' as the source said it (Claude Code's compactMetadata.trigger). */
  trigger?: string;
  /** Context tokens just before, as the source recorded them (Claude Code's preTokens; Codex: the
   *  last token_count's input + output before the boundary). */
  preTokens?: number;
  /** Context tokens just after (Codex: the input tokens of the first token_count after it). */
  postTokens?: number;
  /** When it happened (ms since the epoch), when recorded. */
  at?: number;
  /** The source's id of the boundary record, when it has one. */
  sourceId?: string;
  /** The 1-based line of the file it came from (JSONL sources). */
  line?: number;
}

/** Token usage the source recorded for one assistant message (also set on the message itself). */
export interface RecordedUsage {
  messageId: string;
  index: number;
  usage: Usage;
}

/** A sub-agent's conversation (Claude Code's sidechain), kept apart from the main line. */
export interface Sidechain {
  /** The source's id of its first record. */
  id: string;
  /** Its records in the file. */
  records: number;
  messages: Message[];
  /** The first user text (the task handed to the sub-agent), cut to a line. */
  title: string;
}

/** A string that looks like a key or token, located, never quoted whole. */
export interface SecretFinding {
  /** Which published prefix it matched ("Anthropic API key", "GitHub token", "JWT", …). */
  kind: string;
  /** The message (id and index in `messages`) that holds it, or a sidechain's message. */
  messageId: string;
  index: number;
  /** The field: 'content', or 'tool call <name> arguments'. */
  field: string;
  /** Its first characters and its length: "sk-ant-a… (108 characters)". */
  preview: string;
}

/** A line or record that could not be read: said in the report, never silently dropped. */
export interface ImportProblem {
  /** 1-based line of the file, for JSONL sources. */
  line?: number;
  text: string;
}

/**
 * What the import did, counted. Every record of the file is accounted for: mapped to messages,
 * left as a placeholder, kept apart (sidechain), left out as a rewound branch, or a problem.
 */
export interface ImportReport {
  fileName: string;
  bytes: number;
  source: SessionSource;
  /** Records read: lines of a JSONL file, items of a JSON list. */
  records: number;
  messages: number;
  /** Placeholders by what they stand for ("image", "block 'server_tool_use'", …). */
  placeholders: Record<string, number>;
  /** Reasoning kept as notices (thinking blocks, reasoning summaries). */
  thinking: number;
  sidechains: number;
  sidechainRecords: number;
  /** Records on branches a rewind abandoned (not the main line). */
  rewoundRecords: number;
  /** Records that carry no conversation (snapshots, token counts, metadata…), by type. */
  skipped: Record<string, number>;
  compactions: number;
  unpairedCalls: number;
  unpairedResults: number;
  /** Texts cut at a bound, each said ("message 14: cut at 200,000 characters"). */
  cuts: string[];
  problems: ImportProblem[];
  secrets: SecretFinding[];
  /**
   * The autopsy of the source's own compactions in one line ("Claude Code's 3 compactions kept 41
   * of 388 specifics"), once it has run (core/autopsy).
   */
  compactionHeadline?: string;
}

export interface ImportedSession {
  source: SessionSource;
  /** The source's session title (Claude Code's summary record), else the first user line. */
  title: string;
  /** When the session started (ms since the epoch), when the source says. */
  startedAt?: number;
  /** The source's session id, when it has one. */
  sessionId?: string;
  /** The model the source used, when recorded. */
  model?: string;
  /** The main line, thread-ready: user, assistant (with tool calls), tool results, notices. */
  messages: Message[];
  compactions: SourceCompaction[];
  usage: RecordedUsage[];
  sidechains: Sidechain[];
  report: ImportReport;
}

/** Progress of a parse: `done` of `total` (bytes or records), for a progress bar. */
export type ProgressFn = (done: number, total: number) => void;
