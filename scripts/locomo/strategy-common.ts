// What the strategy rows share: the shipped Retrieval defaults, the tuning and held-out
// conversations, and the paper's metric per conversation and per group.

import type { StrategyEnv } from '../../src/core/strategies/types';
import { getStrategy } from '../../src/core/strategies/registry';
import {
  addTally,
  emptyTally,
  evaluateThread,
  type Config,
  type Tally,
  type ThreadConversation,
} from '../locomo-strategy';
import { pad, pct } from './format';

// Defaults were chosen on three conversations; the other two are the honest, held-out figure.
export const TUNING = ['26', '41', '43'];
export const shipped = getStrategy('retrieval').defaults as unknown as Config & { k: number };
export const isTuning = (name: string) => TUNING.includes(name);
export const describe = (c: Config) =>
  `${c.ranking} ranking, unit ${c.unit}, dates ${c.dates ? 'on' : 'off'}`;
export const PAPER_KS = [5, 10, 25] as const;
/** What the LoCoMo importer appends to a line that shares a photo (parse-locomo.ts). */
export const IMAGE_DESCRIPTION = /\s*\[shared an image: [^\]]*\]$/;

/** Per conversation, then tuning, held-out and overall: the paper's metric at k messages. */
export async function paperRows(
  threads: ThreadConversation[],
  label: string,
  config: Config,
  adversarial: boolean,
  env?: StrategyEnv,
) {
  const groups = { tuning: emptyTally(), 'held-out': emptyTally(), overall: emptyTally() };
  const row = (name: string, t: Tally) =>
    console.log(
      `${pad(label, 52)} ${pad(name, 10)} ${PAPER_KS.map((k) => pct(t.fractionMessages[k]!, t.questions).padStart(6)).join(' ')}   ${t.questions}`,
    );
  for (const t of threads) {
    const tally = await evaluateThread(t, config, env, adversarial);
    addTally(groups.overall, tally);
    addTally(isTuning(t.name) ? groups.tuning : groups['held-out'], tally);
    row(t.name, tally);
  }
  for (const [name, tally] of Object.entries(groups)) row(name, tally);
  return groups;
}
