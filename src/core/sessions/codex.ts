// Codex CLI's rollout JSONL (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): one
// {timestamp, type, payload} a line. "session_meta" (id, timestamp, cwd, originator, cli_version,
// instructions), "response_item" (Responses items: messages, function calls and outputs,
// reasoning, local shell calls), "event_msg" (token_count with {total_token_usage,
// last_token_usage}; user_message / agent_message repeat the items and are counted, not mapped),
// "turn_context" (the model), and "compacted" ({message: the summary, replacement_history?}).
// Older rollouts wrote the items bare, after a first line {id, timestamp, instructions}.

import { isRecord, num, SessionBuilder, str } from './builder';
import { mapResponseItem, responsesUsage } from './items';
import { readJsonLines } from './lines';
import type { ImportedSession, ProgressFn, SourceCompaction } from './types';

const WRAPPED = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
]);

export function looksLikeCodex(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    WRAPPED.has(value.type) &&
    'payload' in value &&
    'timestamp' in value
  );
}

export function parseCodex(
  text: string,
  fileName: string,
  bytes: number,
  onProgress?: ProgressFn,
): ImportedSession {
  const b = new SessionBuilder('codex', fileName, bytes);
  /** Context tokens after the last model call (its input plus output), for a compaction's "before". */
  let lastContext: number | undefined;
  /** The last compaction, waiting for the first token count after it. */
  let awaitingPost: SourceCompaction | undefined;
  for (const { line, value } of readJsonLines(text, b, onProgress)) {
    if (!isRecord(value)) {
      b.problem(`line ${line} is not a record`, line);
      continue;
    }
    const at = value.timestamp;
    const payload = isRecord(value.payload) ? value.payload : {};
    const type = str(value.type);
    if (!type || !WRAPPED.has(type)) {
      // An older rollout: the first line is the session, then bare items.
      if (line === 1 && typeof value.id === 'string' && !('role' in value)) {
        b.sessionId = value.id;
        b.startedAt = b.at(value.timestamp);
        b.skip('session header');
      } else if (
        type === 'message' ||
        type?.endsWith('call') ||
        type?.endsWith('output') ||
        type === 'reasoning'
      )
        mapResponseItem(value, b, at);
      else b.skip(str(value.record_type) ?? type ?? 'record without a type');
      continue;
    }
    switch (type) {
      case 'session_meta':
        b.sessionId = str(payload.id) ?? b.sessionId;
        b.startedAt = b.at(payload.timestamp ?? at);
        if (str(payload.instructions))
          b.notice(`Instructions recorded by Codex CLI:\n${str(payload.instructions)}`, { at });
        else b.skip('session_meta');
        break;
      case 'turn_context':
        if (str(payload.model) && !b.model) b.model = str(payload.model);
        b.skip('turn_context');
        break;
      case 'response_item':
        mapResponseItem(payload, b, at);
        break;
      case 'compacted': {
        const summary = str(payload.message) ?? '';
        awaitingPost = b.compaction(
          {
            summary,
            ...(lastContext !== undefined ? { preTokens: lastContext } : {}),
            ...(b.at(at) ? { at: b.at(at) } : {}),
            line,
          },
          { at },
        );
        break;
      }
      case 'event_msg': {
        const kind = str(payload.type) ?? 'event';
        if (kind === 'token_count' && isRecord(payload.info)) {
          const last = payload.info.last_token_usage;
          const usage = responsesUsage(last);
          if (usage) {
            b.recordUsage(usage);
            const total = isRecord(last) ? num(last.total_tokens) : undefined;
            lastContext = total ?? usage.inputTokens + usage.outputTokens;
            if (awaitingPost) {
              awaitingPost.postTokens = usage.inputTokens;
              awaitingPost = undefined;
            }
          }
        }
        b.skip(`event ${kind}`);
        break;
      }
    }
  }
  return b.finish();
}
