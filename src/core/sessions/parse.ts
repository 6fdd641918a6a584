// Reading a session file: the size checked where it enters, the format told from the content,
// then the format's parser. Broken lines and unmappable parts end up in the report; only a file
// that is too large, empty, or in no known format is refused as a whole.

import { MAX_JSON_DEPTH } from '../limits';
import { jsonDepthOverflow } from '../text/json-depth';
import { mapAnthropicMessages } from './anthropic';
import { checkSessionSize, SessionBuilder, SessionImportError } from './builder';
import { parseClaudeCode } from './claude-code';
import { parseCodex } from './codex';
import { classify, detectJsonl, isAppThread, type Classified } from './detect';
import { mapLangChainMessages } from './langchain';
import { readJsonLines } from './lines';
import { mapChatMessages } from './openai-chat';
import { mapResponsesBody } from './openai-responses';
import type { ImportedSession, ProgressFn } from './types';

export interface ParseOptions {
  /** The file's size in bytes (defaults to the text's length). */
  bytes?: number;
  onProgress?: ProgressFn;
  /** The time given to messages when the source records none (defaults to now). */
  now?: number;
}

const KNOWN =
  'expected a Claude Code or Codex CLI session (JSONL), an OpenAI Chat Completions, Responses or Anthropic Messages request (or a list of messages), or LangChain messages';

export function parseSession(
  text: string,
  fileName: string,
  options: ParseOptions = {},
): ImportedSession {
  const bytes = options.bytes ?? text.length;
  checkSessionSize(fileName, bytes);
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!body) throw new SessionImportError(`${fileName} is empty: ${KNOWN}.`);
  if (isAppThread(body))
    throw new SessionImportError(
      `${fileName} is a Memory Playground thread: import it with "Import bundle" or as an arena transcript.`,
    );
  const jsonl = detectJsonl(body);
  if (jsonl === 'claude-code') return parseClaudeCode(body, fileName, bytes, options.onProgress);
  if (jsonl === 'codex') return parseCodex(body, fileName, bytes, options.onProgress);
  return parseJsonSession(body, fileName, bytes, options);
}

/** The session formats that are JSON values (one value, or a JSONL log of them). */
function parseJsonSession(
  text: string,
  fileName: string,
  bytes: number,
  options: ParseOptions,
): ImportedSession {
  options.onProgress?.(0, bytes);
  const whole = parseWhole(text);
  let chosen: Classified | null = null;
  let records = 1;
  let problems: { line: number; text: string }[] = [];
  let shorter = 0;
  if (whole.ok) {
    chosen = classify(whole.value);
    if (chosen) records = chosen.size;
  } else {
    // A JSONL log: each line a request (the longest is the session) or one message.
    const probe = new SessionBuilder('openai-chat', fileName, bytes);
    const lines = readJsonLines(text, probe, options.onProgress);
    problems = probe.report.problems as { line: number; text: string }[];
    records = probe.report.records;
    const values = lines.map((l) => l.value);
    const asList = classify(values);
    if (asList && asList.source === 'langchain') chosen = asList;
    else
      for (const value of values) {
        const found = classify(value);
        if (!found) continue;
        if (!chosen || found.size >= chosen.size) {
          if (chosen) shorter++;
          chosen = found;
        } else shorter++;
      }
  }
  if (!chosen)
    throw new SessionImportError(
      whole.ok || problems.length < records
        ? `${fileName} is not a session this app reads: ${KNOWN}.`
        : `${fileName} is not JSON or JSONL (${whole.ok ? '' : whole.reason}): ${KNOWN}.`,
    );
  const b = new SessionBuilder(chosen.source, fileName, bytes, options.now);
  b.report.records = records;
  for (const p of problems) b.problem(p.text, p.line);
  for (let i = 0; i < shorter; i++) b.skip('shorter request of the same log');
  if (chosen.source === 'langchain') mapLangChainMessages(chosen.body as unknown[], b);
  else if (chosen.source === 'anthropic') mapAnthropicMessages(chosen.body, b, chosen.response);
  else if (chosen.source === 'openai-responses') mapResponsesBody(chosen.body, b, chosen.response);
  else mapChatMessages(chosen.body, b, chosen.response);
  options.onProgress?.(bytes, bytes);
  return b.finish();
}

function parseWhole(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (jsonDepthOverflow(text) >= 0)
    return { ok: false, reason: `nested more than ${MAX_JSON_DEPTH} levels deep` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'not one JSON value' };
  }
}
