// The command line of bench:locomo: where the data and the optional embedding model are.

import { resolve } from 'node:path';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
export const dataDir = resolve(argument('data') ?? '../shared/data/locomo');
export const modelDir = argument('model');
/** Only the Retrieval strategy's rows and options (no turn-level methods, no lexical study). */
export const strategyOnly = process.argv.includes('--strategy-only');
