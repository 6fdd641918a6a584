// The model steps strategies make (seed 003's prompts, in our words), how their answers are read,
// and the step function that sends them to a provider. An answer that cannot be used throws, so the
// strategy keeps the state it had.

import type { ModelProvider } from '../agent/types';
import { newId } from '../agent/ids';
import type { StepFn, StepKind, StepRequest } from './types';

type Dialogue = StepRequest['input']['conversation'];

const render = (conversation: Dialogue) =>
  conversation.map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.content}`).join('\n');

export function summaryMergeRequest(previous: string, conversation: Dialogue): StepRequest {
  return {
    kind: 'summary-merge',
    system: 'You merge conversations into a concise running summary.',
    prompt:
      'Merge the previous summary and the new conversation into one concise summary. Keep names, ' +
      'numbers, dates, preferences and decisions exactly as stated. Answer with the summary only.\n\n' +
      `### Previous summary\n${previous || '(none yet)'}\n\n### New conversation\n${render(conversation)}`,
    input: { previous, conversation },
  };
}

export const NO_FACT = 'No important fact.';

export function factExtractionRequest(conversation: Dialogue): StepRequest {
  return {
    kind: 'fact-extraction',
    system: 'You pick out facts worth remembering for a long time.',
    prompt:
      'Does this exchange hold a key fact worth remembering long term (a preference, a decision, ' +
      'personal information, an instruction)? If so, state it in one sentence. If not, answer ' +
      `exactly "${NO_FACT}"\n\n${render(conversation)}`,
    input: { conversation },
  };
}

export function tripleExtractionRequest(conversation: Dialogue): StepRequest {
  return {
    kind: 'triple-extraction',
    system: 'You extract knowledge-graph triples.',
    prompt:
      'Extract the knowledge triples in this text as a list in the form ' +
      "[('subject', 'relation', 'object'), ...]. Use the people's and things' names as subjects " +
      'and objects, and "User" for the user. Answer with the list only; [] if there are none.\n\n' +
      `Text: "${render(conversation)}"`,
    input: { conversation },
  };
}

export function compressionRequest(conversation: Dialogue): StepRequest {
  return {
    kind: 'compression',
    system: 'You are a data compression engine.',
    prompt:
      'Compress this exchange into one sentence holding its core fact. Drop everything else. ' +
      `Answer with the sentence only.\n\nText: "${render(conversation)}"`,
    input: { conversation },
  };
}

/** Why an answer was unusable. */
export class StepAnswerError extends Error {}

export function readSummary(text: string): string {
  const summary = text.trim();
  if (!summary) throw new StepAnswerError('the summary came back empty');
  return summary;
}

/** A fact sentence, or null for "No important fact.". */
export function readFact(text: string): string | null {
  const fact = text.trim().split('\n')[0]?.trim() ?? '';
  if (!fact) throw new StepAnswerError('the answer was empty');
  if (/no important fact/i.test(fact)) return null;
  return fact.slice(0, 500);
}

export type Triple = [subject: string, relation: string, object: string];

/** Triples from the seed's list form, or a JSON array of 3-element arrays. */
export function readTriples(text: string): Triple[] {
  const found: Triple[] = [];
  const tuple = /\(\s*['"](.*?)['"]\s*,\s*['"](.*?)['"]\s*,\s*['"](.*?)['"]\s*\)/g;
  for (const match of text.matchAll(tuple)) {
    const [s, r, o] = [match[1], match[2], match[3]].map((part) => (part ?? '').trim());
    if (s && r && o) found.push([s, r, o]);
  }
  if (found.length === 0) {
    try {
      const parsed: unknown = JSON.parse(text.trim());
      if (Array.isArray(parsed))
        for (const item of parsed)
          if (
            Array.isArray(item) &&
            item.length === 3 &&
            item.every((part) => typeof part === 'string' && part.trim())
          )
            found.push([item[0].trim(), item[1].trim(), item[2].trim()]);
    } catch {
      // not JSON either
    }
  }
  if (found.length === 0 && !/^\s*\[\s*\]\s*$/.test(text))
    throw new StepAnswerError('no triples could be read from the answer');
  return found.map(([s, r, o]) => [s.slice(0, 200), r.slice(0, 200), o.slice(0, 200)]);
}

export function readCompressed(text: string): string {
  const sentence = text.trim().split('\n')[0]?.trim() ?? '';
  if (!sentence) throw new StepAnswerError('the compressed sentence came back empty');
  return sentence.slice(0, 500);
}

/**
 * Steps answered by a provider (the chat's, or the "Memory model" on the same connection). Token
 * counts are the provider's when it reports them, else the counter's estimate.
 */
export function providerStep(
  provider: ModelProvider,
  model: string,
  count: (text: string) => number,
): StepFn {
  return async (request, signal) => {
    const response = await provider.complete(
      {
        purpose: 'strategy-step',
        model,
        system: request.system,
        messages: [
          { role: 'user', id: newId('step'), content: request.prompt, createdAt: Date.now() },
        ],
        tools: [],
        maxOutputTokens: MAX_STEP_OUTPUT[request.kind],
      },
      { signal },
    );
    const text = response.message.content;
    return {
      text,
      inputTokens: response.usage?.inputTokens ?? count(request.system) + count(request.prompt),
      outputTokens: response.usage?.outputTokens ?? count(text),
      offline: false,
    };
  };
}

const MAX_STEP_OUTPUT: Record<StepKind, number> = {
  'summary-merge': 1024,
  'fact-extraction': 200,
  'triple-extraction': 500,
  compression: 200,
};

export const STEP_LABELS: Record<StepKind, string> = {
  'summary-merge': 'summary merge',
  'fact-extraction': 'fact extraction',
  'triple-extraction': 'triple extraction',
  compression: 'compression',
};
