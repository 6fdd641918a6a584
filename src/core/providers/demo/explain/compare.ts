// Two (or more) strategies named together: "what's the difference between the sliding window and
// summarization strategies?", "compare retrieval and paging". Those, and only those, side by side.

import { STRATEGIES } from '../../../strategies/registry';
import type { StrategyId } from '../../../strategies/types';
import { say, type Action } from '../turn';

/** The words people use for each strategy. */
const NAMES: [StrategyId, RegExp][] = [
  ['sliding-window', /\bsliding[\s-]+window\b|\bwindowing\b|\b(?:fixed|rolling)[\s-]+window\b/i],
  [
    'summarization',
    /\bsummari[sz]ation\b|\bsummari[sz]ing\b|\b(?:running|rolling|recursive)\s+summar(?:y|ies)\b|\bsummary\s+(?:strategy|buffer|memory)\b/i,
  ],
  [
    'retrieval',
    /\bretrieval\b|\bretrieved\b|\brag\b|\bvector\s+(?:search|store|db|database|lookup)\b|\bsemantic\s+search\b|\bembeddings?[\s-]+(?:search|retrieval|lookup|based)\b/i,
  ],
  ['memory-augmented', /\bmemory[\s-]+augment(?:ed|ation)\b/i],
  ['hierarchical', /\bhierarchical\b/i],
  ['graph', /\b(?:knowledge\s+)?graph\b/i],
  [
    'compression',
    /\bcompression\b|\bcompress(?:ing|ed)?\s+(?:the\s+)?(?:context|prompt|history|conversation)\b/i,
  ],
  ['paging', /\b(?:os[\s-]+like\s+)?paging\b|\bvirtual\s+context\b|\bmemgpt\b/i],
  ['sequential', /\bsequential\b/i],
  ['deep-agents', /\bdeep\s+agents\b/i],
];

/** The strategies a text names, in the order it names them. */
export function strategiesNamed(text: string): StrategyId[] {
  return NAMES.map(([id, pattern]) => ({ id, at: pattern.exec(text)?.index ?? -1 }))
    .filter((item) => item.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((item) => item.id);
}

export function compareAction(ids: readonly StrategyId[]): Action {
  const chosen = ids.map((id) => STRATEGIES[id]);
  const names = chosen.map((strategy) => `**${strategy.label}**`);
  const pair = names.length === 2 ? `${names[0]} and ${names[1]}` : names.join(', ');
  return say(
    [
      `${pair}, side by side:`,
      '',
      ...chosen.map((strategy) => `- **${strategy.label}**: ${strategy.description}`),
      '',
      `To see the difference on a real conversation, the Arena replays one transcript through ${names.length === 2 ? 'both' : 'each'} and shows the tokens each call sends and what each still recalls. The “Context strategy” select above the conversation picks one for this thread.`,
    ].join('\n'),
    ['Explain the context strategies'],
  );
}
