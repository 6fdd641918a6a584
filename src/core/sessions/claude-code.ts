// Claude Code's session JSONL (~/.claude/projects/<project>/<session>.jsonl): one record a line,
// `type` "user" | "assistant" | "system" | "summary" | "file-history-snapshot" …, linked by
// `uuid` / `parentUuid`. The main line is the parentUuid chain from the last non-sidechain record
// back to the root, crossing each compact boundary through its `logicalParentUuid`; records a rewind
// left behind are counted, not shown, and sub-agent sidechains (`isSidechain`) are kept apart.
// A compact boundary (`system`, subtype "compact_boundary", compactMetadata {trigger, preTokens}) is
// followed by the user record with `isCompactSummary: true` that holds the summary.
// An assistant reply is written one record per content block, all with the same `message.id`: they
// are joined into one message.

import type { Usage } from '../agent/types';
import { isRecord, num, SessionBuilder, str } from './builder';
import { addUserContent, mapContent } from './blocks';
import { readJsonLines } from './lines';
import type { ImportedSession, ProgressFn, SourceCompaction } from './types';
import { titleFrom } from '../thread/thread';

type Rec = Record<string, unknown>;

interface Node {
  rec: Rec;
  line: number;
}

const CONVERSATION = new Set(['user', 'assistant', 'system']);

/** Anthropic's usage object as ours (input includes cache reads and writes). */
export function anthropicUsage(raw: unknown): Usage | undefined {
  if (!isRecord(raw)) return undefined;
  const input = num(raw.input_tokens);
  const output = num(raw.output_tokens);
  if (input === undefined && output === undefined) return undefined;
  const read = num(raw.cache_read_input_tokens) ?? 0;
  const write = num(raw.cache_creation_input_tokens) ?? 0;
  return {
    inputTokens: (input ?? 0) + read + write,
    outputTokens: output ?? 0,
    ...(read ? { cacheReadTokens: read } : {}),
    ...(write ? { cacheWriteTokens: write } : {}),
  };
}

export function looksLikeClaudeCode(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = str(value.type);
  if (type === 'summary' && typeof value.leafUuid === 'string') return true;
  if (type === 'file-history-snapshot') return true;
  return (
    type !== undefined &&
    CONVERSATION.has(type) &&
    typeof value.uuid === 'string' &&
    ('parentUuid' in value || 'sessionId' in value)
  );
}

export function parseClaudeCode(
  text: string,
  fileName: string,
  bytes: number,
  onProgress?: ProgressFn,
): ImportedSession {
  const b = new SessionBuilder('claude-code', fileName, bytes);
  const lines = readJsonLines(text, b, onProgress);
  const nodes = new Map<string, Node>();
  const order: Node[] = [];
  for (const { line, value } of lines) {
    if (!isRecord(value)) {
      b.problem(`line ${line} is not a record`, line);
      continue;
    }
    const type = str(value.type) ?? '';
    if (type === 'summary') {
      if (str(value.summary)) b.title = str(value.summary);
      b.skip('summary (session title)');
      continue;
    }
    const uuid = str(value.uuid);
    if (!CONVERSATION.has(type) || !uuid) {
      b.skip(type || 'record without a type');
      continue;
    }
    if (nodes.has(uuid)) {
      b.skip('repeated record');
      continue;
    }
    const node = { rec: value, line };
    nodes.set(uuid, node);
    order.push(node);
  }
  const first = order[0]?.rec;
  b.sessionId = str(first?.sessionId);
  b.startedAt = order.map((n) => Date.parse(str(n.rec.timestamp) ?? '')).find((t) => t > 0);

  const main = mainLine(order, nodes);
  const onMain = new Set(main);
  const sidechains = new Map<string, Node[]>();
  for (const node of order) {
    if (onMain.has(node)) continue;
    if (node.rec.isSidechain === true) {
      const root = sidechainRoot(node, nodes);
      const list = sidechains.get(root) ?? [];
      list.push(node);
      sidechains.set(root, list);
    } else b.report.rewoundRecords++;
  }

  mapRecords(main, b);
  for (const [root, records] of sidechains) {
    const side = new SessionBuilder('claude-code', fileName, 0);
    side.startedAt = b.startedAt;
    mapRecords(records, side);
    const done = side.finish();
    for (const [kind, n] of Object.entries(done.report.placeholders))
      b.report.placeholders[kind] = (b.report.placeholders[kind] ?? 0) + n;
    b.report.sidechainRecords += records.length;
    const task = done.messages.find((m) => m.role === 'user');
    b.sidechains.push({
      id: root,
      records: records.length,
      messages: done.messages,
      title: task ? titleFrom(task.content) : 'Sub-agent',
    });
  }
  return b.finish();
}

/** The chain from the last non-sidechain record back to the root, in order. */
function mainLine(order: Node[], nodes: Map<string, Node>): Node[] {
  let leaf: Node | undefined;
  for (let i = order.length - 1; i >= 0 && !leaf; i--)
    if (order[i]!.rec.isSidechain !== true) leaf = order[i];
  const chain: Node[] = [];
  const seen = new Set<Node>();
  for (let node = leaf; node && !seen.has(node);) {
    seen.add(node);
    chain.push(node);
    const parent = str(node.rec.parentUuid) ?? str(node.rec.logicalParentUuid);
    node = parent ? nodes.get(parent) : undefined;
  }
  return chain.reverse();
}

function sidechainRoot(node: Node, nodes: Map<string, Node>): string {
  const seen = new Set<Node>();
  let current = node;
  for (;;) {
    seen.add(current);
    const parent = nodes.get(str(current.rec.parentUuid) ?? '');
    if (!parent || parent.rec.isSidechain !== true || seen.has(parent))
      return str(current.rec.uuid)!;
    current = parent;
  }
}

function mapRecords(records: Node[], b: SessionBuilder): void {
  let boundary: Omit<SourceCompaction, 'index' | 'summaryMessageId'> | null = null;
  /** The API message id of the assistant reply being joined, and our message's id. */
  let reply: { apiId: string; messageId: string } | null = null;
  /** The summary record's uuid: the summary's notice takes it. */
  let summaryId: string | undefined;
  const flush = () => {
    if (boundary) b.compaction(boundary, { at: boundary.at, id: summaryId });
    boundary = null;
    summaryId = undefined;
  };
  for (const { rec, line } of records) {
    const uuid = str(rec.uuid)!;
    const at = rec.timestamp;
    const message = isRecord(rec.message) ? rec.message : {};
    if (rec.type === 'system') {
      flush();
      if (rec.subtype === 'compact_boundary') {
        const meta = isRecord(rec.compactMetadata) ? rec.compactMetadata : {};
        boundary = {
          ...(str(meta.trigger) ? { trigger: str(meta.trigger) } : {}),
          ...(num(meta.preTokens) !== undefined ? { preTokens: num(meta.preTokens) } : {}),
          ...(b.at(at) ? { at: b.at(at) } : {}),
          sourceId: uuid,
          line,
        };
      } else {
        const content = str(rec.content) ?? '';
        b.notice(`${str(rec.subtype) ?? 'System'} (recorded by Claude Code): ${content}`, {
          id: uuid,
          at,
        });
      }
      reply = null;
      continue;
    }
    if (rec.type === 'user' && rec.isCompactSummary === true) {
      const mapped = mapContent(message.content, b);
      const summary = mapped.text;
      summaryId = uuid;
      if (boundary) boundary = { ...boundary, summary };
      else boundary = { summary, sourceId: uuid, line, ...(b.at(at) ? { at: b.at(at) } : {}) };
      flush();
      reply = null;
      continue;
    }
    flush();
    const mapped = mapContent(message.content, b);
    if (rec.type === 'user') {
      reply = null;
      addUserContent(mapped, b, { id: uuid, at });
      continue;
    }
    // assistant
    const model = str(message.model);
    if (model && model !== '<synthetic>' && !b.model) b.model = model;
    for (const thought of mapped.thinking) b.thinking(thought, { at });
    const apiId = str(message.id) ?? uuid;
    if (reply && reply.apiId === apiId) b.extendAssistant(mapped.text, mapped.toolCalls, { at });
    else if (mapped.text || mapped.toolCalls.length) {
      b.assistant(mapped.text, mapped.toolCalls, { id: uuid, at });
      reply = { apiId, messageId: b.lastAssistantId()! };
    }
    const usage = anthropicUsage(message.usage);
    if (usage && reply) b.recordUsage(usage, reply.messageId);
  }
  flush();
}
