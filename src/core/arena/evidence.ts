// Probe scoring: was a probe's evidence in the context a strategy would send for the probe's
// question? Two rules, and the result says which one found it:
// - verbatim: the evidence message's text appears in the request (system prompt blocks or carried
//   messages), whitespace and case aside. A probe with several evidence messages scores the fraction
//   present (the LoCoMo harness's own metric).
// - answer: derived memory (a running summary, compressed facts, graph triples, memory tokens) does
//   not carry text verbatim, so a probe whose expected answer appears in the context counts as found.
// The probe's own question (the request's last user message) is never searched.

import type { ModelMessage, ModelRequest } from '../agent/types';
import type { Probe } from './transcript';

export type FoundBy = 'verbatim' | 'answer' | 'missing';

export interface ProbeScore {
  /** Fraction of the evidence present (1 when the answer rule found it). */
  score: number;
  foundBy: FoundBy;
  /** Evidence message ids found verbatim. */
  present: string[];
  missing: string[];
}

export function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The searchable text of a request, without its last user message (the probe's question). */
export function contextText(request: ModelRequest): string {
  const parts = [normalize(request.system)];
  let last = -1;
  for (let i = request.messages.length - 1; i >= 0; i--)
    if (request.messages[i]!.role === 'user') {
      last = i;
      break;
    }
  request.messages.forEach((message, i) => {
    if (i !== last) parts.push(normalizedText(message));
  });
  return parts.join('\n');
}

// Messages are the same objects from call to call: normalize each once.
const normalized = new WeakMap<ModelMessage, { content: string; text: string }>();
function normalizedText(message: ModelMessage): string {
  const hit = normalized.get(message);
  if (hit && hit.content === message.content) return hit.text;
  const text = normalize(messageText(message));
  normalized.set(message, { content: message.content, text });
  return text;
}

function messageText(message: ModelMessage): string {
  if (message.role === 'assistant')
    return [message.content, ...(message.toolCalls ?? []).map((c) => c.arguments)].join('\n');
  return message.content;
}

/** Whether `answer` appears in `context` as whole words (answers of fewer than 3 characters never do). */
export function answerPresent(context: string, answer: string | undefined): boolean {
  const wanted = normalize(answer ?? '');
  if (wanted.length < 3) return false;
  let from = 0;
  for (;;) {
    const at = context.indexOf(wanted, from);
    if (at < 0) return false;
    const before = context[at - 1];
    const after = context[at + wanted.length];
    if (!isWordChar(before) && !isWordChar(after)) return true;
    from = at + 1;
  }
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);
}

export function scoreProbe(
  probe: Probe,
  context: string,
  evidenceText: (id: string) => string | undefined,
): ProbeScore {
  const present: string[] = [];
  const missing: string[] = [];
  for (const id of probe.evidence) {
    const text = normalize(evidenceText(id) ?? '');
    if (text && context.includes(text)) present.push(id);
    else missing.push(id);
  }
  const fraction = probe.evidence.length ? present.length / probe.evidence.length : 0;
  if (missing.length === 0) return { score: 1, foundBy: 'verbatim', present, missing };
  if (answerPresent(context, probe.expected))
    return { score: 1, foundBy: 'answer', present, missing };
  return { score: fraction, foundBy: fraction > 0 ? 'verbatim' : 'missing', present, missing };
}
